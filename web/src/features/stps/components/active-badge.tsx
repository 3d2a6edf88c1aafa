import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';
import { isOn } from '@/lib/flags';

/** Activo / Inactivo of a resource row. */
export function ActiveBadge({ value }: { value: unknown }) {
  const { t } = useTranslation('stps');
  return (
    <Badge color={isOn(value) ? 'teal' : 'gray'} variant="light">
      {isOn(value) ? t('status.active') : t('status.inactive')}
    </Badge>
  );
}
