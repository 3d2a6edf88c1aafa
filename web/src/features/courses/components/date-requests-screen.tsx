import { Badge, Button, Group, Modal, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SegmentedControl.css';
import { IconCalendarPlus, IconX } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { useDateRange, useScreenChrome } from '@/components/page-chrome';
import { formatDateIn, useFormat } from '@/lib/i18n/use-format';
import { DATE_REQUESTS_TABLE_URL } from '../api/date-requests-table';
import { postRejectDateRequest } from '../api/reject-date-request';
import type { SolicitudCursoFila } from '../api/types';

const STATES = ['Pendiente', 'Aceptado', 'Rechazado', 'todas'] as const;

/** /menu/solicitudes_curso: course-date requests; Aceptar opens programar_curso with the request. */
export function DateRequestsScreen() {
  const { t } = useTranslation(['courses', 'common']);
  const { language } = useFormat();
  const navigate = useNavigate();
  const [range] = useDateRange();
  const [estado, setEstado] = useState<(typeof STATES)[number]>('Pendiente');
  const [rejecting, setRejecting] = useState<SolicitudCursoFila | null>(null);
  const table = useRef<DataTableHandle>(null);

  useScreenChrome({
    dateFilter: true,
    onUpdate: () => table.current?.refresh(),
    onExportExcel: () => table.current?.exportTo('xlsx'),
  });

  const columns = useMemo<DataTableColumn<SolicitudCursoFila>[]>(() => {
    const date = (v: string | null | undefined) => (v ? formatDateIn(language, v, 'P') || v : '—');
    return [
      { field: 'cve_solicitud_curso', header: t('courses:fields.clave'), width: 80 },
      { field: 'nombre_tema', header: t('courses:fields.tema') },
      { field: 'fecha_deseada', header: t('courses:requests.desired'), cell: (r) => date(r.fecha_deseada), printValue: (r) => date(r.fecha_deseada) },
      { field: 'participantes', header: t('courses:requests.people'), align: 'right' },
      { field: 'nombre_solicitante', header: t('courses:requests.by') },
      { field: 'creado', header: t('courses:requests.on'), cell: (r) => date(r.creado), printValue: (r) => date(r.creado) },
      { field: 'comentario', header: t('courses:requests.comment') },
      {
        field: 'estado',
        header: t('courses:fields.estatus'),
        cell: (r) => (
          <Badge color={r.estado === 'Pendiente' ? 'blue' : r.estado === 'Aceptado' ? 'teal' : 'red'} variant="light">
            {t(`courses:requests.states.${r.estado}`, { defaultValue: r.estado })}
          </Badge>
        ),
      },
    ];
  }, [t, language]);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('courses:fields.estatus')}
          data={STATES.map((s) => ({ value: s, label: t(`courses:requests.states.${s}`) }))}
          value={estado}
          onChange={(v) => setEstado(v as (typeof STATES)[number])}
          w="fit-content"
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <DataTable<SolicitudCursoFila>
          ref={table}
          url={DATE_REQUESTS_TABLE_URL}
          title={t('courses:requests.title')}
          columns={columns}
          rowKey={(r) => r.cve_solicitud_curso}
          dateRange={range}
          filtersEXT={estado === 'todas' ? {} : { estado }}
          defaultSort={{ field: 'fecha_deseada', direction: 'asc' }}
          rowActions={(r) =>
            r.estado === 'Pendiente' ? (
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" leftSection={<IconCalendarPlus size={14} aria-hidden />} onClick={() => navigate(`/menu/programar_curso?solicitud=${r.cve_solicitud_curso}`)}>
                  {t('courses:requests.accept')}
                </Button>
                <Button size="compact-xs" variant="light" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={() => setRejecting(r)}>
                  {t('courses:requests.reject')}
                </Button>
              </Group>
            ) : null
          }
          emptyMessage={t('courses:requests.empty')}
        />
      </Stack>
      <RejectModal request={rejecting} onClose={() => setRejecting(null)} onDone={() => table.current?.refresh()} />
    </Paper>
  );
}

function RejectModal({ request, onClose, onDone }: { request: SolicitudCursoFila | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const [motivo, setMotivo] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setMotivo('');
    setFailure(null);
    onClose();
  };
  const reject = async () => {
    if (!request) return;
    setBusy(true);
    setFailure(null);
    try {
      await postRejectDateRequest(request.cve_solicitud_curso, motivo.trim());
      showSaved(undefined, t('courses:requests.rejected'));
      close();
      onDone();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={!!request} onClose={close} title={t('courses:requests.reject_title')} centered>
      {request && (
        <Stack gap="sm">
          <Text size="sm">{t('courses:requests.reject_text', { topic: request.nombre_tema, name: request.nombre_solicitante })}</Text>
          <FailureAlert message={failure} />
          <Textarea label={t('courses:actions.reason')} maxLength={500} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void reject()}>
              {t('courses:requests.reject')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
