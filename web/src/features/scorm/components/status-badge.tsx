import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, statusLabelKey } from './status-rules';

/** An attempt's state as a badge: En curso, Completado, Aprobado, Reprobado, Sin iniciar. */
export function StatusBadge({ estado }: { estado: string | null | undefined }) {
  const { t } = useTranslation('scorm');
  const value = estado ?? 'not attempted';
  const key = statusLabelKey(value);
  return (
    <Badge variant="light" color={STATUS_COLORS[value] ?? 'gray'} tt="none">
      {key ? t(key) : value}
    </Badge>
  );
}
