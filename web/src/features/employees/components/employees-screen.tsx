import { ActionIcon, Menu, Paper, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconEye, IconFileTypeCsv, IconLogout2, IconStar, IconUsers, IconUserPlus } from '@tabler/icons-react';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Badge.css';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { ApiError } from '@/lib/api/errors';
import { useSession } from '@/lib/auth/session';
import { isOn } from '@/lib/flags';
import { useFormat } from '@/lib/i18n/use-format';
import { postFavorite } from '../api/add-favorite';
import { EMPLOYEES_TABLE_URL, EMPLOYEE_VIEWS, type EmployeeRow, type EmployeeView } from '../api/employees-table';
import { deleteFavorite } from '../api/remove-favorite';
import { AccessBadge, SessionBadge } from './employee-badges';
import { EmployeeDrawer } from './employee-drawer';
import { canReleaseSession } from './release-session';
import { ReleaseSessionModal } from './release-session-modal';

const VIEW_ICONS = { todos: IconUsers, favoritos: IconStar, nuevos: IconUserPlus } as const;

/** /menu/empleados: all / favourites / new entries on the server table, with detail and session release. */
export function EmployeesScreen() {
  const { t } = useTranslation(['employees', 'common', 'errors']);
  const { formatDate } = useFormat();
  const { user } = useSession();
  const [view, setView] = useState<EmployeeView>('todos');
  const [detail, setDetail] = useState<number | null>(null);
  const [release, setRelease] = useState<Pick<EmployeeRow, 'cve_empleado' | 'nombre_empleado'> | null>(null);
  // Favourite changes made here win over the row's flag until the table reloads them.
  const [favorites, setFavorites] = useState<Map<number, boolean>>(new Map());
  const table = useRef<DataTableHandle>(null);
  const title = t('employees:title');

  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
    custom: [
      {
        id: 'csv',
        label: t('common:actions.export_csv'),
        icon: <IconFileTypeCsv size={16} />,
        onClick: () => table.current?.exportTo('csv'),
      },
    ],
  });

  const isFavorite = (row: Pick<EmployeeRow, 'cve_empleado' | 'favorito'>) =>
    favorites.get(row.cve_empleado) ?? (view === 'favoritos' || isOn(row.favorito));

  const toggleFavorite = async (row: Pick<EmployeeRow, 'cve_empleado'>, next: boolean) => {
    try {
      if (next) await postFavorite(row.cve_empleado);
      else await deleteFavorite(row.cve_empleado);
      setFavorites((m) => new Map(m).set(row.cve_empleado, next));
      if (view === 'favoritos') table.current?.refresh();
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 409))) {
        notifications.show({
          color: 'red',
          title: t('errors:ui.ups'),
          message: error instanceof ApiError && error.resp ? error.resp : t('employees:favorites.error'),
        });
      }
      throw error;
    }
  };

  const columns = useMemo<DataTableColumn<EmployeeRow>[]>(
    () => [
      { field: 'num_empleado', header: t('employees:fields.num_empleado'), width: 110 },
      { field: 'nombre_empleado', header: t('employees:fields.nombre_empleado') },
      { field: 'curp', header: t('employees:fields.curp') },
      { field: 'rfc_empleado', header: t('employees:fields.rfc_empleado') },
      { field: 'correo_empleado', header: t('employees:fields.correo_empleado') },
      { field: 'puesto', header: t('employees:fields.puesto') },
      { field: 'n4', header: t('employees:fields.n4') },
      { field: 'planta', header: t('employees:fields.planta') },
      {
        field: 'fecha_ingreso',
        header: t('employees:fields.fecha_ingreso'),
        cell: (row) => formatDate(row.fecha_ingreso, 'P') || '—',
        printValue: (row) => formatDate(row.fecha_ingreso, 'P'),
      },
      {
        field: 'activo',
        header: t('employees:fields.activo'),
        cell: (row) => <AccessBadge value={row.activo} />,
        printValue: (row) => (isOn(row.activo) ? t('employees:access.active') : t('employees:access.none')),
      },
      {
        field: 'sesion_activa',
        header: t('employees:fields.sesion_activa'),
        cell: (row) => <SessionBadge value={row.sesion_activa} />,
        printValue: (row) => (isOn(row.sesion_activa) ? t('employees:session.online') : t('employees:session.offline')),
      },
    ],
    [t, formatDate],
  );

  const rowActions = (row: EmployeeRow) => (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('employees:row_actions', { name: row.nombre_empleado })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => setDetail(row.cve_empleado)}>
          {t('employees:detail.open')}
        </Menu.Item>
        {canReleaseSession(user, row) && (
          <Menu.Item color="red" leftSection={<IconLogout2 size={16} aria-hidden />} onClick={() => setRelease(row)}>
            {t('employees:release.action')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  const filtersEXT = useMemo(() => ({ vista: view }), [view]);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Tabs value={view} onChange={(v) => v && setView(v as EmployeeView)} keepMounted={false} mb="md">
        <Tabs.List>
          {EMPLOYEE_VIEWS.map((v) => {
            const Icon = VIEW_ICONS[v];
            return (
              <Tabs.Tab key={v} value={v} leftSection={<Icon size={16} aria-hidden />}>
                {t(`employees:views.${v}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      <DataTable<EmployeeRow>
        ref={table}
        url={EMPLOYEES_TABLE_URL}
        title={`${title} · ${t(`employees:views.${view}`)}`}
        columns={columns}
        rowKey={(row) => row.cve_empleado}
        filtersEXT={filtersEXT}
        defaultSort={{ field: 'nombre_empleado', direction: 'asc' }}
        selectable
        favorite={{ isFavorite, onToggle: toggleFavorite }}
        rowActions={rowActions}
        onRowClick={(row) => setDetail(row.cve_empleado)}
        emptyMessage={t(`employees:empty.${view}`)}
      />
      <EmployeeDrawer
        cve={detail}
        onClose={() => setDetail(null)}
        isFavorite={isFavorite}
        onToggleFavorite={(employee, next) => {
          void toggleFavorite(employee, next)
            .then(() => table.current?.refresh())
            .catch(() => undefined);
        }}
        canRelease={(employee) => canReleaseSession(user, employee)}
        onRelease={(employee) => setRelease(employee)}
      />
      <ReleaseSessionModal employee={release} onClose={() => setRelease(null)} onReleased={() => table.current?.refresh()} />
    </Paper>
  );
}
