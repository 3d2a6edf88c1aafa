import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROGRAMS } from '../../api/programs';

/** The links between a family's consult and progress screens. */
export function ProgressLinks({ program }: { program: 'institucional' | 'formacion' | 'especifica' }) {
  const { t } = useTranslation('plans');
  const base = PROGRAMS[program].consultPath.replace('_consulta_requerimientos', '');
  return (
    <Group gap="md">
      <Anchor component={Link} to={PROGRAMS[program].consultPath} size="sm">
        {t('plans:reports.links.requirements')}
      </Anchor>
      {program !== 'especifica' && (
        <Anchor component={Link} to={`${base}_avance_tema`} size="sm">
          {t('plans:reports.links.by_topic')}
        </Anchor>
      )}
      {program === 'formacion' && (
        <Anchor component={Link} to={`${base}_avance_consolidado`} size="sm">
          {t('plans:reports.links.consolidated')}
        </Anchor>
      )}
    </Group>
  );
}
