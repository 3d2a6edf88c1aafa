import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';
import type { ExportJobState } from '@/lib/api/shared/export-jobs';

const COLORS: Record<ExportJobState, string> = {
  pendiente: 'gray',
  procesando: 'blue',
  terminada: 'teal',
  fallida: 'red',
  expirada: 'orange',
};

/** En espera / Procesando / Terminada / Fallida / Expirada. */
export function ExportStateBadge({ estado }: { estado: ExportJobState }) {
  const { t } = useTranslation('common');
  return (
    <Badge color={COLORS[estado] ?? 'gray'} variant="light" style={{ flexShrink: 0 }} data-testid="export-state">
      {t(`export_jobs.states.${estado}`)}
    </Badge>
  );
}
