import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';
import { isOn } from '@/lib/flags';

/** Activo / Inactivo of a catalogue row. */
export function ActiveBadge({ value }: { value: unknown }) {
  const { t } = useTranslation('common');
  const on = isOn(value);
  return (
    <Badge color={on ? 'teal' : 'gray'} variant="light">
      {on ? t('status.active') : t('status.inactive')}
    </Badge>
  );
}
