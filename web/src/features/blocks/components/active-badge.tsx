import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';
import { isOn } from '@/lib/flags';

/** Activo / Inactivo of a catalogue row. */
export function ActiveBadge({ value }: { value: unknown }) {
  const { t } = useTranslation('blocks');
  return isOn(value) ? (
    <Badge color="teal" variant="light">
      {t('status.active')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      {t('status.inactive')}
    </Badge>
  );
}
