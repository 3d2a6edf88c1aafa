import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { pendiente: 'gray', procesando: 'blue', terminada: 'teal', fallida: 'red' };

/** Pendiente / Procesando / Terminada / Fallida. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('bulk-uploads');
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
