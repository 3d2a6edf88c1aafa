import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isOn } from '@/lib/flags';

/** Access badge: Activo or Sin Acceso (spec §4). */
export function AccessBadge({ value }: { value: unknown }) {
  const { t } = useTranslation('employees');
  const active = isOn(value);
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light" radius="sm">
      {active ? t('access.active') : t('access.none')}
    </Badge>
  );
}

/** Whether the employee has a web session open now. */
export function SessionBadge({ value }: { value: unknown }) {
  const { t } = useTranslation('employees');
  const online = isOn(value);
  return (
    <Badge color={online ? 'blue' : 'gray'} variant={online ? 'dot' : 'outline'} radius="sm">
      {online ? t('session.online') : t('session.offline')}
    </Badge>
  );
}

/** The employee's standing: Baja (baja lógica), else Activo / Inactivo. */
export function StatusBadge({ active, baja }: { active: unknown; baja: boolean }) {
  const { t } = useTranslation('employees');
  if (baja)
    return (
      <Badge color="red" variant="light" radius="sm">
        {t('status.baja')}
      </Badge>
    );
  const on = isOn(active);
  return (
    <Badge color={on ? 'teal' : 'gray'} variant="outline" radius="sm">
      {on ? t('status.active') : t('status.inactive')}
    </Badge>
  );
}
