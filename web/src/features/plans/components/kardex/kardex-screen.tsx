import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCertificate, IconUserSearch } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { useDateRange, useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError } from '@/components/states/list-states';
import { hasSection, useSession } from '@/lib/auth/session';
import { useFormat } from '@/lib/i18n/use-format';
import { kardexTableUrl, useKardex, type KardexRow } from '../../api/kardex';
import { EmployeePicker } from '../employee-picker';
import { StateBadge } from '../my-plan/plan-badges';
import { useCells } from '../tables/cells';

const ManualAccreditationModal = lazy(() => import('./manual-accreditation-modal').then((m) => ({ default: m.ManualAccreditationModal })));

/** /menu/ver_kardex_capacitacion: an employee (`?cve_empleado=`), their plan figures and their ledger. */
export function KardexScreen() {
  const { t } = useTranslation(['plans', 'common']);
  const { user } = useSession();
  const { formatNumber } = useFormat();
  const [params, setParams] = useSearchParams();
  const cve = Number(params.get('cve_empleado')) || null;
  const header = useKardex(cve);
  const table = useRef<DataTableHandle>(null);
  const [range] = useDateRange();
  const [manual, setManual] = useState(false);
  const [manualMounted, setManualMounted] = useState(false);
  const registerButton = useRef<HTMLButtonElement>(null);
  // The dialog is mounted already open on first use, so Mantine has no trigger to return
  // focus to: put it back on 'Registrar acreditación' ourselves (keyboard users).
  const closeManual = () => {
    setManual(false);
    window.setTimeout(() => registerButton.current?.focus(), 0);
  };
  const c = useCells();
  const canAccredit = hasSection(user, 'plan.kardex.acreditar');

  useScreenChrome({
    dateFilter: true,
    onUpdate: () => {
      void header.mutate();
      table.current?.refresh();
    },
    onExportExcel: cve ? () => table.current?.exportTo('xlsx') : undefined,
    onPrint: cve ? () => table.current?.print() : undefined,
  });

  const columns = useMemo<DataTableColumn<KardexRow>[]>(
    () => [
      { field: 'nombre_tema', header: t('plans:fields.tema'), cell: (r) => c.topic(r.abreviatura, r.nombre_tema), printValue: (r) => c.topic(r.abreviatura, r.nombre_tema) },
      { field: 'fecha', header: t('plans:fields.fecha'), cell: (r) => c.date(r.fecha), printValue: (r) => c.date(r.fecha) },
      { field: 'calificacion', header: t('plans:fields.calificacion'), align: 'right' },
      { field: 'origen', header: t('plans:fields.origen'), cell: (r) => c.origin(r.origen), printValue: (r) => c.origin(r.origen) },
      { field: 'vigencia', header: t('plans:fields.vigencia'), cell: (r) => c.validity(r.vigencia), printValue: (r) => c.validity(r.vigencia) },
      { field: 'estado', header: t('plans:fields.estado'), cell: (r) => <StateBadge estado={r.estado} />, printValue: (r) => c.state(r.estado) },
      { field: 'requerido_por_plan', header: t('plans:reports.fields.requerido_por_plan') },
      { field: 'motivo', header: t('plans:kardex.motivo') },
      { field: 'registrado_por', header: t('plans:kardex.registrado_por') },
    ],
    [t, c],
  );

  const choose = (next: number | null) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next) p.set('cve_empleado', String(next));
      else p.delete('cve_empleado');
      return p;
    });

  const e = header.data?.empleado;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <EmployeePicker value={cve} label={e?.nombre_empleado} onChange={(v) => choose(v)} />
            {cve && canAccredit && (
              <Button
                ref={registerButton}
                leftSection={<IconCertificate size={16} aria-hidden />}
                onClick={() => {
                  setManualMounted(true);
                  setManual(true);
                }}
              >
                {t('plans:kardex.register')}
              </Button>
            )}
          </Group>
          {!cve && <EmptyState icon={<IconUserSearch size={26} aria-hidden />} title={t('plans:kardex.pick_title')} description={t('plans:kardex.pick_text')} />}
          {cve && header.error !== undefined && !header.data && (
            <ListError title={t('plans:kardex.load_error')} error={header.error} onRetry={() => void header.mutate()} />
          )}
          {e && header.data && (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
              <Field label={t('plans:reports.fields.nombre_empleado')} value={e.nombre_empleado} />
              <Field label={t('plans:reports.fields.num_empleado')} value={e.num_empleado} />
              <Field label="CURP" value={e.curp} />
              <Field label={t('plans:reports.fields.puesto')} value={e.puesto} />
              <Field label={t('plans:reports.fields.n4')} value={e.n4} />
              <Field label={t('plans:reports.fields.planta')} value={e.planta} />
              <Field
                label={t('plans:compliance')}
                value={header.data.cumplimiento == null ? t('plans:compliance_none') : `${formatNumber(header.data.cumplimiento, { maximumFractionDigits: 1 })} %`}
              />
              <Group gap={6} wrap="wrap" style={{ gridColumn: 'span 2' }}>
                <Badge variant="light" color="teal">{`${t('plans:states.Acreditado')}: ${header.data.totales.acreditados}`}</Badge>
                <Badge variant="light" color="gray">{`${t('plans:states.Pendiente')}: ${header.data.totales.pendientes}`}</Badge>
                <Badge variant="light" color="orange">{`${t('plans:states.Vencido')}: ${header.data.totales.vencidos}`}</Badge>
                <Badge variant="light" color="red">{`${t('plans:states.No acreditado')}: ${header.data.totales.no_acreditados}`}</Badge>
              </Group>
            </SimpleGrid>
          )}
        </Stack>
      </Paper>
      {cve && (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <DataTable<KardexRow>
            key={cve}
            ref={table}
            url={kardexTableUrl(cve)}
            title={t('plans:kardex.title', { name: e?.nombre_empleado ?? '' })}
            columns={columns}
            rowKey={(r) => r.id_acreditacion}
            dateRange={range}
            defaultSort={{ field: 'fecha', direction: 'desc' }}
            emptyMessage={t('plans:kardex.empty')}
          />
        </Paper>
      )}
      {manualMounted && cve && (
        <Suspense fallback={null}>
          <ManualAccreditationModal
            opened={manual}
            cveEmpleado={cve}
            name={e?.nombre_empleado ?? ''}
            onClose={closeManual}
            onDone={() => {
              closeManual();
              void header.mutate();
              table.current?.refresh();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value === null || value === undefined || value === '' ? '—' : String(value)}</Text>
    </div>
  );
}
