import { Anchor, Badge, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { TOPIC_VIEW_URL, type TopicProgressRow } from '../../api/report-tables';
import { topicEmployeesUrl, useTopicView, type TopicEmployeeRow } from '../../api/topic-view';
import { StateBadge } from '../my-plan/plan-badges';
import { useCells, useTopicCountColumns } from '../tables/cells';

const VIEWS = ['con', 'sin', 'todos'] as const;
type View = (typeof VIEWS)[number];

/** /menu/tema_view: the plan's topics with their figures; a topic (`?cve_tema=`) lists who holds it and who lacks it. */
export function TopicViewScreen() {
  const { t } = useTranslation(['plans', 'common']);
  const [params, setParams] = useSearchParams();
  const cve = Number(params.get('cve_tema')) || null;
  const table = useRef<DataTableHandle>(null);
  const columns = useTopicCountColumns();
  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });
  const go = (next: number | null) =>
    setParams(() => {
      const p = new URLSearchParams();
      if (next) p.set('cve_tema', String(next));
      return p;
    });
  if (cve) return <TopicDetail cve={cve} table={table} onBack={() => go(null)} />;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <DataTable<TopicProgressRow>
        ref={table}
        url={TOPIC_VIEW_URL}
        title={t('plans:topic_view.title')}
        columns={columns}
        rowKey={(r) => r.cve_tema}
        defaultSort={{ field: 'nombre_tema', direction: 'asc' }}
        onRowClick={(r) => go(r.cve_tema)}
        emptyMessage={t('plans:reports.empty')}
      />
    </Paper>
  );
}

function TopicDetail({ cve, table, onBack }: { cve: number; table: React.RefObject<DataTableHandle | null>; onBack: () => void }) {
  const { t } = useTranslation(['plans', 'common']);
  const c = useCells();
  const view = useTopicView(cve);
  const [vista, setVista] = useState<View>('con');
  const filtersEXT = useMemo(() => ({ vista }), [vista]);
  const columns = useMemo<DataTableColumn<TopicEmployeeRow>[]>(
    () => [
      { field: 'num_empleado', header: t('plans:reports.fields.num_empleado'), width: 100 },
      { field: 'nombre_empleado', header: t('plans:reports.fields.nombre_empleado') },
      { field: 'puesto', header: t('plans:reports.fields.puesto') },
      { field: 'planta', header: t('plans:reports.fields.planta') },
      { field: 'requerido_por_plan', header: t('plans:reports.fields.requerido_por_plan') },
      { field: 'estado', header: t('plans:fields.estado'), cell: (r) => <StateBadge estado={r.estado} />, printValue: (r) => c.state(r.estado) },
      { field: 'fecha_acreditacion', header: t('plans:reports.fields.fecha_acreditacion'), cell: (r) => c.date(r.fecha_acreditacion), printValue: (r) => c.date(r.fecha_acreditacion) },
      { field: 'vigencia', header: t('plans:fields.vigencia'), cell: (r) => c.validity(r.vigencia), printValue: (r) => c.validity(r.vigencia) },
    ],
    [t, c],
  );
  const d = view.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Stack gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onBack} w="fit-content">
            {t('plans:topic_view.back')}
          </Anchor>
          {view.error !== undefined && !d && <ListError title={t('plans:topic_view.load_error')} error={view.error} onRetry={() => void view.mutate()} />}
          {!d && view.error === undefined && <ListSkeleton rows={1} />}
          {d && (
            <>
              <Text fw={700}>{c.topic(d.tema.abreviatura, d.tema.nombre_tema)}</Text>
              <Group gap={6} wrap="wrap">
                <Badge variant="light" color="blue">{`${t('plans:reports.fields.requeridos')}: ${d.requeridos}`}</Badge>
                <Badge variant="light" color="teal">{`${t('plans:reports.fields.acreditados')}: ${d.acreditados}`}</Badge>
                <Badge variant="light" color="orange">{`${t('plans:reports.fields.vencidos')}: ${d.vencidos}`}</Badge>
                <Badge variant="light" color="red">{`${t('plans:reports.fields.no_acreditados')}: ${d.no_acreditados}`}</Badge>
                <Badge variant="light" color="gray">{`${t('plans:reports.fields.pendientes')}: ${d.pendientes}`}</Badge>
                <Badge variant="outline" color="blue">{`${t('plans:reports.fields.porcentaje')}: ${c.percent(d.porcentaje)}`}</Badge>
              </Group>
              {d.con_tema_fuera_de_plan > 0 && <Text size="sm">{t('plans:topic_view.outside_plan', { count: d.con_tema_fuera_de_plan })}</Text>}
            </>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t('plans:requirements.view')}
            value={vista}
            onChange={(v) => setVista(v as View)}
            data={VIEWS.map((v) => ({ value: v, label: t(`plans:topic_view.views.${v}`) }))}
            w="fit-content"
          />
          <DataTable<TopicEmployeeRow>
            key={`${cve}-${vista}`}
            ref={table}
            url={topicEmployeesUrl(cve)}
            title={d ? c.topic(d.tema.abreviatura, d.tema.nombre_tema) : t('plans:topic_view.title')}
            columns={columns}
            rowKey={(r) => `${r.num_empleado}-${r.nombre_empleado}`}
            filtersEXT={filtersEXT}
            defaultSort={{ field: 'nombre_empleado', direction: 'asc' }}
            emptyMessage={t('plans:reports.empty')}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
