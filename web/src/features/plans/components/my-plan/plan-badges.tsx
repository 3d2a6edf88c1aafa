import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<string, string> = {
  'Acreditado': 'teal',
  'Pendiente': 'gray',
  'No acreditado': 'red',
  'Vencido': 'orange',
};

/** The accreditation state of a topic (spec §4), translated, in its colour. It never shrinks, in a
 *  flex row nor in an auto-layout table column (min-width: max-content, else the column's
 *  min-content is the ellipsis): the state must always read in full, never as "ACRE…" or "A…". */
export function StateBadge({ estado }: { estado: string | null | undefined }) {
  const { t } = useTranslation('plans');
  const value = estado ?? 'Pendiente';
  return (
    <Badge variant="light" color={STATE_COLORS[value] ?? 'gray'} style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {t(`plans:states.${value}`, { defaultValue: value })}
    </Badge>
  );
}

/** Obligatorio / Opcional (spec §2: "badge Mandatory or Optional"). */
export function MandatoryBadge({ obligatoria }: { obligatoria: number | boolean | null | undefined }) {
  const { t } = useTranslation('plans');
  const on = obligatoria === true || obligatoria === 1;
  return (
    <Badge variant="outline" color={on ? 'blue' : 'gray'}>
      {on ? t('plans:mandatory') : t('plans:optional')}
    </Badge>
  );
}
