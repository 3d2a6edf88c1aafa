import { Alert, Avatar, Button, Drawer, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLogout2, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/errors';
import { isOn } from '@/lib/flags';
import { useFormat } from '@/lib/i18n/use-format';
import { useEmployee, type EmployeeDetail } from '../api/get-employee';
import { DETAIL_FIELDS } from './detail-fields';
import { AccessBadge, SessionBadge } from './employee-badges';

const DATE_FIELDS = new Set(['fecha_nacimiento', 'fecha_ingreso', 'fecha_inicio_puesto']);

export interface EmployeeDrawerProps {
  cve: number | null;
  onClose: () => void;
  isFavorite: (employee: EmployeeDetail) => boolean;
  onToggleFavorite: (employee: EmployeeDetail, next: boolean) => void;
  canRelease: (employee: EmployeeDetail) => boolean;
  onRelease: (employee: EmployeeDetail) => void;
}

/** Side drawer with one employee's detail (GET catalogos/empleados/{cve}). */
export function EmployeeDrawer({ cve, onClose, isFavorite, onToggleFavorite, canRelease, onRelease }: EmployeeDrawerProps) {
  const { t } = useTranslation(['employees', 'common']);
  const { formatDate } = useFormat();
  const { data, error, isLoading, mutate } = useEmployee(cve);

  const favorite = data ? isFavorite(data) : false;
  const profiles = Array.isArray(data?.perfiles)
    ? (data.perfiles as { perfil?: string }[]).map((p) => p.perfil).filter(Boolean).join(', ')
    : '';
  const value = (field: string): string | null => {
    if (field === 'perfiles') return profiles || null;
    const raw = data?.[field];
    if (raw === null || raw === undefined || raw === '') return null;
    if (field === 'genero') return raw === 'H' ? t('employees:gender.H') : raw === 'M' ? t('employees:gender.M') : String(raw);
    if (DATE_FIELDS.has(field)) return formatDate(String(raw), 'PP') || String(raw);
    return String(raw);
  };

  return (
    <Drawer opened={cve !== null} onClose={onClose} position="right" size="lg" title={t('employees:detail.title')}>
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
            <Avatar src={(data.foto_empleado as string) || null} name={data.nombre_empleado} color="initials" size={72} radius="xl" alt="" />
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
                <AccessBadge value={data.activo} />
                <SessionBadge value={data.sesion_activa} />
              </Group>
            </Stack>
          </Group>
          <Group gap="sm">
            <Button
              variant="light"
              color="yellow"
              leftSection={favorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
              onClick={() => onToggleFavorite(data, !favorite)}
              aria-pressed={favorite}
            >
              {favorite ? t('common:table.favorite_remove') : t('common:table.favorite_add')}
            </Button>
            {canRelease(data) && (
              <Button variant="light" color="red" leftSection={<IconLogout2 size={16} />} onClick={() => onRelease(data)}>
                {t('employees:release.action')}
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
          {!isOn(data.activo) && (
            <Text size="xs" c="dimmed">
              {t('employees:detail.inactive_note')}
            </Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
