import { Badge, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useFormat } from '@/lib/i18n/use-format';
import type { Program } from '../../api/programs';
import { useRequirementHistory } from '../../api/requirement-history';
import type { RequirementRow } from '../../api/requirements-table';
import { requirementLabel } from './labels';

/** A requirement's events: who created, enabled, disabled or edited it, when, why and how many it reached. */
export function HistoryDrawer({ program, row, onClose }: { program: Program; row: RequirementRow | null; onClose: () => void }) {
  const { t } = useTranslation(['plans', 'common']);
  const { formatDate } = useFormat();
  const history = useRequirementHistory(program, row?.id_requerimiento ?? null);
  return (
    <Drawer opened={row !== null} onClose={onClose} position="right" size="md" title={row ? t('plans:requirements.history_of', { id: row.id_requerimiento, name: requirementLabel(row) }) : ''}>
      {history.error !== undefined && !history.data && (
        <ListError title={t('plans:requirements.history_error')} error={history.error} onRetry={() => void history.mutate()} />
      )}
      {row && !history.data && history.error === undefined && <ListSkeleton rows={3} />}
      {history.data && history.data.eventos.length === 0 && <EmptyState title={t('plans:requirements.history_empty')} />}
      {history.data && history.data.eventos.length > 0 && (
        <Stack gap="xs">
          {history.data.eventos.map((e) => (
            <Paper key={e.id_evento} withBorder radius="md" p="xs">
              <Group justify="space-between" gap="xs">
                <Badge variant="light" color={e.accion === 'deshabilitar' ? 'red' : e.accion === 'editar' ? 'blue' : 'teal'}>
                  {t(`plans:requirements.actions.${e.accion}`, { defaultValue: e.accion })}
                </Badge>
                <Text size="xs">{formatDate(e.fecha, 'Pp') || e.fecha}</Text>
              </Group>
              {e.actor && <Text size="sm">{e.actor}</Text>}
              {e.motivo && <Text size="sm">{t('plans:requirements.reason', { motivo: e.motivo })}</Text>}
              <Text size="xs">{t('plans:requirements.affected', { count: e.afectados })}</Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
