import { Menu, Paper, Select } from '@mantine/core';
import {
  IconCalendarDown,
  IconCopy,
  IconEdit,
  IconEye,
  IconLock,
  IconLockOpen,
  IconMail,
  IconBan,
} from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { showSaved } from '@/components/feedback';
import { failureMessage } from '@/components/forms';
import { useDateRange, useScreenChrome } from '@/components/page-chrome';
import { RowMenu } from '@/components/row-menu';
import { showAlert } from '@/lib/alerts';
import { EmptyState } from '@/components/states/empty-state';
import { hasSection, useSession } from '@/lib/auth/session';
import { useCia } from '@/lib/company/get-cia';
import { isOn } from '@/lib/flags';
import { formatDateIn, formatNumberIn, useFormat } from '@/lib/i18n/use-format';
import { COURSES_TABLE_URL, EPV_COURSES_TABLE_URL } from '../api/courses-table';
import type { CursoFila } from '../api/types';
import { putEpvStatus } from '../api/update-epv-status';
import { CourseActionModal, type ConfirmedAction } from './course-action-modals';
import { downloadIcs, type CourseRef } from './download-ics';
import { isCancelled, isClosed } from './course-rules';
import { ModalityBadge, StatusBadge } from './modality-badge';

const courseName = (row: CursoFila) => row.nombre_corto || row.nombre_tema;

/** /menu/grid_cursos and /menu/grid_cursos_epv: the course list on the table engine. */
export function CoursesScreen({ epv = false }: { epv?: boolean }) {
  const { t } = useTranslation(['courses', 'common']);
  const { language } = useFormat();
  const navigate = useNavigate();
  const { user } = useSession();
  const [range] = useDateRange();
  const table = useRef<DataTableHandle>(null);
  const [pending, setPending] = useState<{ action: ConfirmedAction; course: CourseRef } | null>(null);
  const canSchedule = hasSection(user, 'cursos.programar');
  const canRequests = hasSection(user, 'cursos.solicitudes_fecha');

  useScreenChrome({
    dateFilter: true,
    onUpdate: () => table.current?.refresh(),
    onNew: canSchedule ? () => navigate('/menu/programar_curso') : undefined,
    newLabel: t('courses:schedule'),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
    custom: canRequests && !epv ? [{ id: 'solicitudes', label: t('courses:requests.title'), onClick: () => navigate('/menu/solicitudes_curso') }] : undefined,
  });

  const changeEpv = async (row: CursoFila, value: 0 | 1 | 2) => {
    try {
      const answer = await putEpvStatus(row.cve_curso, value);
      showSaved(answer?.resp);
      table.current?.refresh();
    } catch (error) {
      const message = failureMessage(error);
      if (message) void showAlert({ title: t('errors:ui.ups'), message });
    }
  };

  const columns = useMemo<DataTableColumn<CursoFila>[]>(() => {
    const date = (value: string | null) => (value ? formatDateIn(language, value, 'P') || value : '—');
    const money = (row: CursoFila) => formatNumberIn(language, (row.costo_total ?? 0) / 100, { style: 'currency', currency: row.moneda || 'MXN' });
    const cols: DataTableColumn<CursoFila>[] = [
      { field: 'cve_curso', header: t('courses:fields.clave'), width: 80 },
      { field: 'nombre_corto', header: t('courses:fields.nombre_corto'), cell: courseName, printValue: courseName },
      { field: 'nombre_tema', header: t('courses:fields.tema') },
      {
        field: 'modalidad',
        header: t('courses:fields.modalidad'),
        cell: (row) => <ModalityBadge value={row.modalidad} />,
        printValue: (row) => t(`courses:modalities.${row.modalidad}`, { defaultValue: row.modalidad }),
      },
      { field: 'fecha_inicio', header: t('courses:fields.fecha_inicio'), cell: (r) => date(r.fecha_inicio), printValue: (r) => date(r.fecha_inicio) },
      { field: 'fecha_fin', header: t('courses:fields.fecha_fin'), cell: (r) => date(r.fecha_fin), printValue: (r) => date(r.fecha_fin) },
      { field: 'instructor', header: t('courses:fields.instructor') },
      { field: 'sede', header: t('courses:fields.sede') },
      { field: 'sala', header: t('courses:fields.sala') },
      { field: 'planta', header: t('courses:fields.planta') },
      {
        field: 'inscritos',
        header: t('courses:fields.ocupacion'),
        align: 'right',
        cell: (r) => `${r.inscritos}/${r.capacidad}${r.en_espera ? ` (+${r.en_espera})` : ''}`,
        printValue: (r) => `${r.inscritos}/${r.capacidad}`,
      },
      {
        field: 'estatus',
        header: t('courses:fields.estatus'),
        cell: (r) => <StatusBadge estatus={r.estatus} cerrado={r.curso_cerrado} />,
        printValue: (r) => t(`courses:status.${r.curso_cerrado === '1' ? 'cerrado' : r.estatus}`, { defaultValue: r.estatus }),
      },
      { field: 'costo_total', header: t('courses:fields.costo_total'), align: 'right', cell: money, printValue: money },
    ];
    if (epv) {
      cols.push({
        field: 'estatus_epv',
        header: t('courses:fields.estatus_epv'),
        printValue: (r) => t(`courses:epv.${r.estatus_epv ?? 0}`),
        cell: (r) =>
          canSchedule && !isClosed(r) && !isCancelled(r) ? (
            <Select
              size="xs"
              aria-label={t('courses:fields.estatus_epv')}
              data={[0, 1, 2].map((v) => ({ value: String(v), label: t(`courses:epv.${v}`) }))}
              value={String(r.estatus_epv ?? 0)}
              onChange={(v) => v !== null && void changeEpv(r, Number(v) as 0 | 1 | 2)}
              allowDeselect={false}
              w={130}
              onClick={(e) => e.stopPropagation()}
            />
          ) : (
            t(`courses:epv.${r.estatus_epv ?? 0}`)
          ),
      });
    }
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, language, epv, canSchedule]);

  const { data: cia } = useCia();
  // Spec §6: EPV courses need the company's epv flag.
  if (epv && cia && !isOn(cia.epv)) return <EmptyState title={t('courses:epv_disabled')} />;

  const ask = (action: ConfirmedAction, row: CursoFila) => setPending({ action, course: { cve_curso: row.cve_curso, nombre: courseName(row) } });

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <DataTable<CursoFila>
        ref={table}
        url={epv ? EPV_COURSES_TABLE_URL : COURSES_TABLE_URL}
        title={epv ? t('courses:title_epv') : t('courses:title')}
        columns={columns}
        rowKey={(row) => row.cve_curso}
        dateRange={range}
        defaultSort={{ field: 'fecha_inicio', direction: 'desc' }}
        onRowClick={(row) => navigate(`/menu/curso/${row.cve_curso}`)}
        rowActions={(row) => {
          const open = !isClosed(row) && !isCancelled(row);
          return (
            <RowMenu label={t('courses:actions.of', { name: courseName(row) })}>
              {() => (
                <>
                  <Menu.Item leftSection={<IconEye size={16} />} onClick={() => navigate(`/menu/curso/${row.cve_curso}`)}>
                    {t('courses:actions.ver')}
                  </Menu.Item>
                  {canSchedule && (
                    <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => navigate(`/menu/programar_curso?copiar=${row.cve_curso}`)}>
                      {t('courses:actions.copiar')}
                    </Menu.Item>
                  )}
                  {canSchedule && open && (
                    <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => navigate(`/menu/programar_curso?cve_curso=${row.cve_curso}`)}>
                      {t('courses:actions.editar')}
                    </Menu.Item>
                  )}
                  {canSchedule && open && (
                    <Menu.Item leftSection={<IconMail size={16} />} onClick={() => ask('correo', row)}>
                      {t('courses:actions.correo')}
                    </Menu.Item>
                  )}
                  {canSchedule && open && (
                    <Menu.Item leftSection={<IconLock size={16} />} onClick={() => ask('cerrar', row)}>
                      {t('courses:actions.cerrar')}
                    </Menu.Item>
                  )}
                  {canSchedule && isClosed(row) && (
                    <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => ask('abrir', row)}>
                      {t('courses:actions.abrir')}
                    </Menu.Item>
                  )}
                  <Menu.Item leftSection={<IconCalendarDown size={16} />} onClick={() => void downloadIcs({ cve_curso: row.cve_curso, nombre: courseName(row) })}>
                    {t('courses:actions.ics')}
                  </Menu.Item>
                  {canSchedule && open && (
                    <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => ask('cancelar', row)}>
                      {t('courses:actions.cancelar')}
                    </Menu.Item>
                  )}
                </>
              )}
            </RowMenu>
          );
        }}
        emptyMessage={t('courses:empty')}
      />
      <CourseActionModal
        action={pending?.action ?? null}
        course={pending?.course ?? null}
        onClose={() => setPending(null)}
        onDone={() => table.current?.refresh()}
      />
    </Paper>
  );
}
