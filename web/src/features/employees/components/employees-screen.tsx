import { ActionIcon, Group, Menu, Paper, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarOff,
  IconEdit,
  IconEye,
  IconFileTypeCsv,
  IconKey,
  IconLock,
  IconLockOpen,
  IconLogout2,
  IconPhotoEdit,
  IconStar,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Badge.css';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { RowMenu } from '@/components/row-menu';
import { ApiError } from '@/lib/api/errors';
import { useSession } from '@/lib/auth/session';
import { isOn } from '@/lib/flags';
import { useFormat } from '@/lib/i18n/use-format';
import { postFavorite } from '../api/add-favorite';
import { EMPLOYEES_DEFAULT_SORT, EMPLOYEES_TABLE_URL, EMPLOYEE_VIEWS, type EmployeeRow, type EmployeeView } from '../api/employees-table';
import { employeeKey } from '../api/get-employee';
import { deleteFavorite } from '../api/remove-favorite';
import type { AbsenceTarget } from './absences-modal';
import type { StatusChange } from './confirm-modals';
import { AccessBadge, SessionBadge, StatusBadge } from './employee-badges';
import { canChangeBaja, canEditEmployees, canManageAccess, hasAccess, isBaja } from './permissions';
import type { PhotoTarget } from './photo-modal';
import { canReleaseSession } from './release-session';
import type { ResetTarget } from './reset-password-modal';

// The detail drawer and the dialogs (the form brings react-hook-form and zod) load when
// first opened, not with the table: a first visit downloads and renders less.
const EmployeeDrawer = lazy(() => import('./employee-drawer').then((m) => ({ default: m.EmployeeDrawer })));
const EmployeeFormModal = lazy(() => import('./employee-form-modal').then((m) => ({ default: m.EmployeeFormModal })));
const PhotoModal = lazy(() => import('./photo-modal').then((m) => ({ default: m.PhotoModal })));
const AbsencesModal = lazy(() => import('./absences-modal').then((m) => ({ default: m.AbsencesModal })));
const BajaModal = lazy(() => import('./confirm-modals').then((m) => ({ default: m.BajaModal })));
const AccessModal = lazy(() => import('./confirm-modals').then((m) => ({ default: m.AccessModal })));
const ResetPasswordModal = lazy(() => import('./reset-password-modal').then((m) => ({ default: m.ResetPasswordModal })));
const ReleaseSessionModal = lazy(() => import('./release-session-modal').then((m) => ({ default: m.ReleaseSessionModal })));

/** True from the first render where `wanted` is true on (keeps a dialog's closing animation). */
function useWantedOnce(wanted: boolean): boolean {
  const [was, setWas] = useState(wanted);
  if (wanted && !was) setWas(true);
  return was || wanted;
}

const VIEW_ICONS = { todos: IconUsers, favoritos: IconStar, nuevos: IconUserPlus } as const;

type Named = Pick<EmployeeRow, 'cve_empleado' | 'nombre_empleado'>;

/** The dialog open over the table (one at a time). */
type Dialog =
  | { kind: 'form'; cve: number | null }
  | { kind: 'photo'; employee: PhotoTarget }
  | { kind: 'absences'; employee: AbsenceTarget }
  | { kind: 'baja'; change: StatusChange }
  | { kind: 'access'; change: StatusChange }
  | { kind: 'reset'; employee: ResetTarget }
  | null;

/**
 * /menu/empleados: all / favourites / new entries on the server table, with the detail
 * drawer, create and edit, photo, absences, baja lógica, access and session release.
 */
export function EmployeesScreen() {
  const { t } = useTranslation(['employees', 'common', 'errors']);
  const { formatDate } = useFormat();
  const { user } = useSession();
  const { mutate } = useSWRConfig();
  const [view, setView] = useState<EmployeeView>('todos');
  const [detail, setDetail] = useState<number | null>(null);
  const [release, setRelease] = useState<Named | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Favourite changes made here win over the row's flag until the table reloads them.
  const [favorites, setFavorites] = useState<Map<number, boolean>>(new Map());
  const table = useRef<DataTableHandle>(null);
  const drawerWanted = useWantedOnce(detail !== null);
  const formWanted = useWantedOnce(dialog?.kind === 'form');
  const photoWanted = useWantedOnce(dialog?.kind === 'photo');
  const absencesWanted = useWantedOnce(dialog?.kind === 'absences');
  const bajaWanted = useWantedOnce(dialog?.kind === 'baja');
  const accessWanted = useWantedOnce(dialog?.kind === 'access');
  const resetWanted = useWantedOnce(dialog?.kind === 'reset');
  const releaseWanted = useWantedOnce(release !== null);
  const title = t('employees:title');
  const canEdit = canEditEmployees(user);

  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onNew: canEdit ? () => setDialog({ kind: 'form', cve: null }) : undefined,
    newLabel: t('employees:actions.new'),
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

  /** After a change to one employee: the table and that employee's detail reload. */
  const changed = (cve: number | null) => {
    table.current?.refresh();
    if (cve) void mutate(employeeKey(cve));
  };

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

  const open = {
    edit: (e: Named) => setDialog({ kind: 'form', cve: e.cve_empleado }),
    photo: (e: Named & { foto_url?: string | null; foto_empleado?: string | null }) =>
      setDialog({
        kind: 'photo',
        employee: { cve_empleado: e.cve_empleado, nombre_empleado: e.nombre_empleado, photo: e.foto_url ?? e.foto_empleado },
      }),
    absences: (e: Named) =>
      setDialog({ kind: 'absences', employee: { cve_empleado: e.cve_empleado, nombre_empleado: e.nombre_empleado } }),
    baja: (e: Named, next: 0 | 1) =>
      setDialog({ kind: 'baja', change: { cve_empleado: e.cve_empleado, nombre_empleado: e.nombre_empleado, next } }),
    access: (e: Named, next: 0 | 1) =>
      setDialog({ kind: 'access', change: { cve_empleado: e.cve_empleado, nombre_empleado: e.nombre_empleado, next } }),
    reset: (e: Named & Pick<EmployeeRow, 'num_empleado'>) =>
      setDialog({
        kind: 'reset',
        employee: { cve_empleado: e.cve_empleado, nombre_empleado: e.nombre_empleado, num_empleado: e.num_empleado },
      }),
  };

  const columns = useMemo<DataTableColumn<EmployeeRow>[]>(
    () => [
      { field: 'num_empleado', header: t('employees:fields.num_empleado'), width: 110 },
      {
        field: 'nombre_empleado',
        header: t('employees:fields.nombre_empleado'),
        cell: (row) =>
          isBaja(row) ? (
            <Text span size="sm" c="dimmed" td="line-through">
              {row.nombre_empleado}
            </Text>
          ) : (
            row.nombre_empleado
          ),
      },
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
        header: t('employees:fields.estatus'),
        cell: (row) => <StatusBadge active={row.activo} baja={isBaja(row)} />,
        printValue: (row) =>
          isBaja(row) ? t('employees:status.baja') : isOn(row.activo) ? t('employees:status.active') : t('employees:status.inactive'),
      },
      {
        field: 'acceso',
        header: t('employees:fields.acceso'),
        cell: (row) => <AccessBadge value={hasAccess(row)} />,
        printValue: (row) => (hasAccess(row) ? t('employees:access.active') : t('employees:access.none')),
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

  const rowActions = (row: EmployeeRow) => {
    const access = canManageAccess(user, row) && !isBaja(row);
    return (
      <Group gap={2} wrap="nowrap">
        {canEdit && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('employees:actions.edit_row', { name: row.nombre_empleado })}
            onClick={() => open.edit(row)}
          >
            <IconEdit size={18} />
          </ActionIcon>
        )}
        <RowMenu label={t('employees:row_actions', { name: row.nombre_empleado })}>
          {() => (
            <>
              <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => setDetail(row.cve_empleado)}>
                {t('employees:detail.open')}
              </Menu.Item>
              {canEdit && (
                <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={() => open.edit(row)}>
                  {t('employees:actions.edit')}
                </Menu.Item>
              )}
              {canEdit && (
                <Menu.Item leftSection={<IconPhotoEdit size={16} aria-hidden />} onClick={() => open.photo(row)}>
                  {t('employees:photo.title')}
                </Menu.Item>
              )}
              <Menu.Item leftSection={<IconCalendarOff size={16} aria-hidden />} onClick={() => open.absences(row)}>
                {t('employees:absences.title')}
              </Menu.Item>
              {canReleaseSession(user, row) && (
                <Menu.Item color="red" leftSection={<IconLogout2 size={16} aria-hidden />} onClick={() => setRelease(row)}>
                  {t('employees:release.action')}
                </Menu.Item>
              )}
              {access && (
                <Menu.Item
                  leftSection={hasAccess(row) ? <IconLock size={16} aria-hidden /> : <IconLockOpen size={16} aria-hidden />}
                  onClick={() => open.access(row, hasAccess(row) ? 0 : 1)}
                >
                  {hasAccess(row) ? t('employees:access.deactivate') : t('employees:access.activate')}
                </Menu.Item>
              )}
              {access && (
                <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => open.reset(row)}>
                  {t('employees:reset.title')}
                </Menu.Item>
              )}
              {canChangeBaja(user, row) && (
                <Menu.Item
                  color={isBaja(row) ? 'teal' : 'red'}
                  leftSection={isBaja(row) ? <IconUserCheck size={16} aria-hidden /> : <IconUserOff size={16} aria-hidden />}
                  onClick={() => open.baja(row, isBaja(row) ? 0 : 1)}
                >
                  {isBaja(row) ? t('employees:baja.reactivate') : t('employees:baja.action')}
                </Menu.Item>
              )}
            </>
          )}
        </RowMenu>
      </Group>
    );
  };

  const filtersEXT = useMemo(() => ({ vista: view }), [view]);
  const close = () => setDialog(null);

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
        defaultSort={EMPLOYEES_DEFAULT_SORT}
        selectable
        favorite={{ isFavorite, onToggle: toggleFavorite }}
        rowActions={rowActions}
        onRowClick={(row) => setDetail(row.cve_empleado)}
        emptyMessage={t(`employees:empty.${view}`)}
      />
      {drawerWanted && (
        <Suspense fallback={null}>
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
            canEdit={canEdit}
            canManageAccess={(employee) => canManageAccess(user, employee)}
            canChangeBaja={(employee) => canChangeBaja(user, employee)}
            onEdit={open.edit}
            onPhoto={open.photo}
            onAbsences={open.absences}
            onBaja={open.baja}
            onAccess={open.access}
            onResetPassword={open.reset}
            covered={dialog !== null || release !== null}
          />
        </Suspense>
      )}
      {formWanted && (
        <Suspense fallback={null}>
          <EmployeeFormModal
            opened={dialog?.kind === 'form'}
            cve={dialog?.kind === 'form' ? dialog.cve : null}
            onClose={close}
            onSaved={changed}
          />
        </Suspense>
      )}
      {photoWanted && (
        <Suspense fallback={null}>
          <PhotoModal
            employee={dialog?.kind === 'photo' ? dialog.employee : null}
            onClose={close}
            onUploaded={(cve) => changed(cve)}
          />
        </Suspense>
      )}
      {absencesWanted && (
        <Suspense fallback={null}>
          <AbsencesModal employee={dialog?.kind === 'absences' ? dialog.employee : null} canEdit={canEdit} onClose={close} />
        </Suspense>
      )}
      {bajaWanted && (
        <Suspense fallback={null}>
          <BajaModal change={dialog?.kind === 'baja' ? dialog.change : null} onClose={close} onDone={changed} />
        </Suspense>
      )}
      {accessWanted && (
        <Suspense fallback={null}>
          <AccessModal change={dialog?.kind === 'access' ? dialog.change : null} onClose={close} onDone={changed} />
        </Suspense>
      )}
      {resetWanted && (
        <Suspense fallback={null}>
          <ResetPasswordModal employee={dialog?.kind === 'reset' ? dialog.employee : null} onClose={close} />
        </Suspense>
      )}
      {releaseWanted && (
        <Suspense fallback={null}>
          <ReleaseSessionModal employee={release} onClose={() => setRelease(null)} onReleased={() => table.current?.refresh()} />
        </Suspense>
      )}
    </Paper>
  );
}
