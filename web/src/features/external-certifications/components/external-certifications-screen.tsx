import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import { IconCheck, IconEye, IconFileUpload, IconReplace, IconUpload, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { hasSection, useSession } from '@/lib/auth/session';
import type { UploadMode } from '../api/attach-dc3';
import { LOG_TABLE_URL } from '../api/paths';
import type { LogRow } from '../api/types';
import { CertificateModal } from './certificate-modal';
import { Dc3UploadModal } from './dc3-upload-modal';
import { AuthorizeModal, RejectModal } from './review-modals';
import { ESTADOS, rowOffers, type Estado } from './rules';
import { StateBadge } from './state-badge';
import { useDates } from './use-dates';

const LoadWizard = lazy(() => import('./load-wizard').then((m) => ({ default: m.LoadWizard })));

interface RowActionProps {
  action: 'cargar' | 'consultar' | 'cambiar' | 'autorizar' | 'rechazar';
  /** The worker and topic the accessible name adds to the visible text. */
  named: { name: string; tema: string };
  icon: ReactNode;
  onClick: () => void;
  variant?: 'light' | 'subtle' | 'filled';
  color?: string;
  disabled?: boolean;
}

/** A row's compact action button: its visible text, and an accessible name that starts with it. */
function RowAction({ action, named, icon, onClick, variant = 'light', color, disabled }: RowActionProps) {
  const { t } = useTranslation('external-certifications');
  return (
    <Button
      size="compact-xs"
      variant={variant}
      color={color}
      leftSection={icon}
      aria-label={t(`external-certifications:actions.${action}_named`, named)}
      disabled={disabled}
      onClick={onClick}
    >
      {t(`external-certifications:actions.${action}`)}
    </Button>
  );
}

/** The section that authorises and rejects (Administrador, Analista). */
export const REVIEW_SECTION = 'plan.certificaciones_externas.autorizar';

type Filter = Estado | 'todos';
const FILTERS: Filter[] = ['todos', ...ESTADOS];

/**
 * /menu/certificaciones_externas: 'Registros de alta de empleados' (the certifications
 * suppliers recorded, with their DC-3 and state) and the 'Cargar certificaciones' wizard;
 * reviewers authorise or reject the records sent.
 */
export function ExternalCertificationsScreen() {
  const table = useRef<DataTableHandle>(null);
  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });
  return <ExternalCertificationsPanel tableRef={table} />;
}

/**
 * The screen without its action bar: the screen's body, and the supplier's view on the
 * dashboard (spec §2, profile 4). `tableRef` hands the table to whoever drives it.
 */
export function ExternalCertificationsPanel({ tableRef }: { tableRef?: RefObject<DataTableHandle | null> }) {
  const { t } = useTranslation(['external-certifications', 'common']);
  const { user } = useSession();
  const canReview = hasSection(user, REVIEW_SECTION);
  const { date, validity } = useDates();
  const ownTable = useRef<DataTableHandle>(null);
  const table = tableRef ?? ownTable;
  const loadButton = useRef<HTMLButtonElement>(null);
  const [estado, setEstado] = useState<Filter>('todos');
  const [upload, setUpload] = useState<{ row: LogRow; mode: UploadMode } | null>(null);
  const [viewing, setViewing] = useState<LogRow | null>(null);
  const [authorizing, setAuthorizing] = useState<LogRow | null>(null);
  const [rejecting, setRejecting] = useState<LogRow | null>(null);
  const [wizard, setWizard] = useState(false);
  const [wizardMounted, setWizardMounted] = useState(false);
  const refresh = () => table.current?.refresh();

  const filtersEXT = useMemo(() => (estado === 'todos' ? {} : { estado }), [estado]);

  const columns = useMemo<DataTableColumn<LogRow>[]>(
    () => [
      { field: 'certificado', header: t('external-certifications:fields.certificado') },
      { field: 'num_empleado', header: t('external-certifications:fields.num_empleado') },
      { field: 'curp_empleado', header: t('external-certifications:fields.curp') },
      { field: 'nombre_tema', header: t('external-certifications:fields.tema') },
      { field: 'nombre_proveedor', header: t('external-certifications:fields.proveedor') },
      { field: 'fecha_realizacion', header: t('external-certifications:fields.fecha_realizacion'), cell: (r) => date(r.fecha_realizacion), printValue: (r) => date(r.fecha_realizacion) },
      { field: 'fecha_vigencia', header: t('external-certifications:fields.fecha_vigencia'), cell: (r) => validity(r.fecha_vigencia), printValue: (r) => validity(r.fecha_vigencia) },
      { field: 'fecha_alta', header: t('external-certifications:fields.fecha_alta'), cell: (r) => date(r.fecha_alta), printValue: (r) => date(r.fecha_alta) },
      {
        field: 'estado',
        header: t('external-certifications:fields.estado'),
        // Filtered by the segmented control above the table (filtersEXT).
        filterable: false,
        cell: (r) => <StateBadge estado={r.estado} motivo={r.motivo_rechazo} />,
        printValue: (r) =>
          t(`external-certifications:states.${r.estado}`, { defaultValue: r.estado }) +
          (r.estado === 'Rechazado' && r.motivo_rechazo ? ` — ${r.motivo_rechazo}` : ''),
      },
    ],
    [t, date, validity],
  );

  const rowActions = (row: LogRow) => {
    const offers = rowOffers(row, canReview);
    const named = { name: row.certificado, tema: row.nombre_tema };
    return (
      <Stack gap={4} align="flex-start">
        <Group gap={4} wrap="nowrap">
          {offers.cargar && <RowAction action="cargar" named={named} icon={<IconUpload size={14} aria-hidden />} onClick={() => setUpload({ row, mode: 'crear' })} />}
          {offers.consultar && <RowAction action="consultar" named={named} icon={<IconEye size={14} aria-hidden />} onClick={() => setViewing(row)} />}
          {offers.cambiar && (
            <RowAction action="cambiar" named={named} variant="subtle" icon={<IconReplace size={14} aria-hidden />} onClick={() => setUpload({ row, mode: 'editar' })} />
          )}
        </Group>
        {(offers.autorizar || offers.rechazar) && (
          <Group gap={4} wrap="nowrap">
            {offers.autorizar && (
              <RowAction
                action="autorizar"
                named={named}
                variant="filled"
                color="teal"
                icon={<IconCheck size={14} aria-hidden />}
                disabled={offers.autorizarSinDc3}
                onClick={() => setAuthorizing(row)}
              />
            )}
            {offers.rechazar && <RowAction action="rechazar" named={named} color="red" icon={<IconX size={14} aria-hidden />} onClick={() => setRejecting(row)} />}
          </Group>
        )}
        {offers.autorizarSinDc3 && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal' }}>
            {t('external-certifications:actions.no_dc3')}
          </Text>
        )}
      </Stack>
    );
  };

  const openWizard = () => {
    setWizardMounted(true);
    setWizard(true);
  };
  // Mounted already open on first use: Mantine has no trigger to give the focus back to.
  const closeWizard = () => {
    setWizard(false);
    window.setTimeout(() => loadButton.current?.focus(), 0);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" maw={720} style={{ flex: '1 1 260px' }}>
            {t('external-certifications:intro')}
          </Text>
          <Button ref={loadButton} leftSection={<IconFileUpload size={16} aria-hidden />} onClick={openWizard}>
            {t('external-certifications:actions.load')}
          </Button>
        </Group>
        <Title order={2} size="h4">
          {t('external-certifications:table.title')}
        </Title>
        <SegmentedControl
          aria-label={t('external-certifications:table.filter')}
          data={FILTERS.map((f) => ({
            value: f,
            label: f === 'todos' ? t('external-certifications:table.all') : t(`external-certifications:states.${f}`),
          }))}
          value={estado}
          onChange={(v) => setEstado(v as Filter)}
          w="fit-content"
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <DataTable<LogRow>
          ref={table}
          url={LOG_TABLE_URL}
          title={t('external-certifications:table.title')}
          columns={columns}
          rowKey={(r) => r.cve_log}
          filtersEXT={filtersEXT}
          defaultSort={{ field: 'fecha_alta', direction: 'desc' }}
          rowActions={rowActions}
          emptyMessage={t('external-certifications:table.empty')}
        />
      </Stack>
      <Dc3UploadModal target={upload} onClose={() => setUpload(null)} onDone={refresh} />
      <CertificateModal row={viewing} onClose={() => setViewing(null)} />
      {canReview && (
        <>
          <AuthorizeModal row={authorizing} onClose={() => setAuthorizing(null)} onDone={refresh} />
          <RejectModal row={rejecting} onClose={() => setRejecting(null)} onDone={refresh} />
        </>
      )}
      {wizardMounted && (
        <Suspense fallback={null}>
          <LoadWizard opened={wizard} onClose={closeWizard} onLoaded={refresh} />
        </Suspense>
      )}
    </Paper>
  );
}
