import { Alert, Avatar, Badge, Button, Drawer, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarOff,
  IconEdit,
  IconKey,
  IconLock,
  IconLockOpen,
  IconLogout2,
  IconPhotoEdit,
  IconStar,
  IconStarFilled,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/errors';
import { isOn } from '@/lib/flags';
import { useFormat } from '@/lib/i18n/use-format';
import { useEmployee, type EmployeeDetail } from '../api/get-employee';
import { DETAIL_FIELDS } from './detail-fields';
import { AccessBadge, SessionBadge, StatusBadge } from './employee-badges';
import { hasAccess, isBaja } from './permissions';
import { useDetailLabels } from './use-detail-labels';
import { useMobile } from './use-mobile';

const DATE_FIELDS = new Set(['fecha_nacimiento', 'fecha_ingreso', 'fecha_inicio_puesto']);

/** What the drawer may offer; each action shows only when its handler is given for this employee. */
export interface EmployeeDrawerProps {
  cve: number | null;
  onClose: () => void;
  isFavorite: (employee: EmployeeDetail) => boolean;
  onToggleFavorite: (employee: EmployeeDetail, next: boolean) => void;
  canRelease: (employee: EmployeeDetail) => boolean;
  onRelease: (employee: EmployeeDetail) => void;
  /** Editing, photo, absences changes and baja lógica (`catalogos.empleados.editar`). */
  canEdit?: boolean;
  /** Access switch and password reset (`configuracion.restablecer_contrasena`). */
  canManageAccess?: (employee: EmployeeDetail) => boolean;
  /** Baja lógica and reactivation (editors, never over themselves). */
  canChangeBaja?: (employee: EmployeeDetail) => boolean;
  onEdit?: (employee: EmployeeDetail) => void;
  onPhoto?: (employee: EmployeeDetail) => void;
  onAbsences?: (employee: EmployeeDetail) => void;
  onBaja?: (employee: EmployeeDetail, next: 0 | 1) => void;
  onAccess?: (employee: EmployeeDetail, next: 0 | 1) => void;
  onResetPassword?: (employee: EmployeeDetail) => void;
  /** A dialog is open over the drawer: it owns focus and Escape until it closes. */
  covered?: boolean;
}

/** Side drawer with one employee's detail (GET catalogos/empleados/{cve}) and its actions. */
export function EmployeeDrawer({
  cve,
  onClose,
  isFavorite,
  onToggleFavorite,
  canRelease,
  onRelease,
  canEdit = false,
  canManageAccess = () => false,
  canChangeBaja = () => false,
  onEdit,
  onPhoto,
  onAbsences,
  onBaja,
  onAccess,
  onResetPassword,
  covered = false,
}: EmployeeDrawerProps) {
  const { t } = useTranslation(['employees', 'common']);
  const { formatDate } = useFormat();
  const mobile = useMobile();
  const { data, error, isLoading, mutate } = useEmployee(cve);
  const labels = useDetailLabels(data);

  const favorite = data ? isFavorite(data) : false;
  const profiles = (data?.perfiles ?? [])
    .filter((p) => p.perfil)
    .map((p) => (isOn(p.predeterminado) ? `${p.perfil} (${t('employees:detail.default_profile')})` : p.perfil))
    .join(', ');
  const value = (field: string): string | null => {
    if (field === 'perfiles') return profiles || null;
    if (field in labels) return labels[field] ?? null;
    const raw = (data as Record<string, unknown> | undefined)?.[field];
    if (raw === null || raw === undefined || raw === '') return null;
    if (field === 'genero') return raw === 'H' ? t('employees:gender.H') : raw === 'M' ? t('employees:gender.M') : String(raw);
    if (DATE_FIELDS.has(field)) return formatDate(String(raw), 'PP') || String(raw);
    return String(raw);
  };
  const absences = data?.ausencias?.length ?? 0;

  return (
    <Drawer
      opened={cve !== null}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : 'lg'}
      trapFocus={!covered}
      closeOnEscape={!covered}
      title={t('employees:detail.title')}
    >
      {isLoading && (
        <Stack gap="sm" aria-busy>
          <Group>
            <Skeleton circle height={72} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={16} width="70%" />
              <Skeleton height={12} width="40%" />
            </Stack>
          </Group>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={12} />
          ))}
        </Stack>
      )}
      {error !== undefined && !data && (
        <Alert color="red" title={t('employees:detail.error')}>
          <Text size="sm">{error instanceof ApiError && error.resp ? error.resp : ''}</Text>
          <Button size="xs" mt="sm" variant="white" color="red" onClick={() => void mutate()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      )}
      {data && (
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <Avatar
              src={data.foto_url || data.foto_empleado || null}
              name={data.nombre_empleado}
              color="initials"
              size={72}
              radius="xl"
              alt=""
            />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={3} size="h4">
                {data.nombre_empleado}
              </Title>
              {data.puesto && (
                <Text size="sm" c="dimmed">
                  {data.puesto}
                </Text>
              )}
              <Group gap={6}>
                <StatusBadge active={data.activo} baja={isBaja(data)} />
                <AccessBadge value={hasAccess(data)} />
                <SessionBadge value={data.sesion_activa} />
              </Group>
            </Stack>
          </Group>
          <Group gap="xs">
            {canEdit && onEdit && (
              <Button size="xs" variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => onEdit(data)}>
                {t('employees:actions.edit')}
              </Button>
            )}
            {canEdit && onPhoto && (
              <Button size="xs" variant="light" leftSection={<IconPhotoEdit size={16} aria-hidden />} onClick={() => onPhoto(data)}>
                {t('employees:photo.title')}
              </Button>
            )}
            {onAbsences && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCalendarOff size={16} aria-hidden />}
                rightSection={absences > 0 ? <Badge size="xs" circle>{absences}</Badge> : undefined}
                onClick={() => onAbsences(data)}
              >
                {t('employees:absences.title')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              color="yellow"
              leftSection={favorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
              onClick={() => onToggleFavorite(data, !favorite)}
              aria-pressed={favorite}
            >
              {favorite ? t('common:table.favorite_remove') : t('common:table.favorite_add')}
            </Button>
            {canRelease(data) && (
              <Button size="xs" variant="light" color="red" leftSection={<IconLogout2 size={16} />} onClick={() => onRelease(data)}>
                {t('employees:release.action')}
              </Button>
            )}
            {canManageAccess(data) && onAccess && !isBaja(data) && (
              <Button
                size="xs"
                variant="light"
                color={hasAccess(data) ? 'orange' : 'teal'}
                leftSection={hasAccess(data) ? <IconLock size={16} aria-hidden /> : <IconLockOpen size={16} aria-hidden />}
                onClick={() => onAccess(data, hasAccess(data) ? 0 : 1)}
              >
                {hasAccess(data) ? t('employees:access.deactivate') : t('employees:access.activate')}
              </Button>
            )}
            {canManageAccess(data) && onResetPassword && !isBaja(data) && (
              <Button size="xs" variant="light" leftSection={<IconKey size={16} aria-hidden />} onClick={() => onResetPassword(data)}>
                {t('employees:reset.title')}
              </Button>
            )}
            {canChangeBaja(data) && onBaja && (
              <Button
                size="xs"
                variant="light"
                color={isBaja(data) ? 'teal' : 'red'}
                leftSection={isBaja(data) ? <IconUserCheck size={16} aria-hidden /> : <IconUserOff size={16} aria-hidden />}
                onClick={() => onBaja(data, isBaja(data) ? 0 : 1)}
              >
                {isBaja(data) ? t('employees:baja.reactivate') : t('employees:baja.action')}
              </Button>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
            {DETAIL_FIELDS.filter((f) => value(f) !== null).map((field) => (
              <div key={field}>
                <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t(`employees:fields.${field}`)}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
                  {value(field)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {isBaja(data) ? (
            <Text size="xs" c="dimmed">
              {t('employees:detail.baja_note')}
            </Text>
          ) : (
            !hasAccess(data) && (
              <Text size="xs" c="dimmed">
                {t('employees:detail.inactive_note')}
              </Text>
            )
          )}
        </Stack>
      )}
    </Drawer>
  );
}
