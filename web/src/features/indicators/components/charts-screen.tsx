import { Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard, companyChartColors, type ChartState, type FiguresTable } from '@/components/charts';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError } from '@/components/states/list-states';
import { useCia } from '@/lib/company/get-cia';
import { useFormat } from '@/lib/i18n/use-format';
import { useCharts } from '../api/charts';
import { CHARTS_URL } from '../api/paths';
import type { Cumplimiento, Graficas, Mes, Modalidad } from '../api/types';
import { FilterBar } from './filter-bar';
import { fieldErrorsOf, toRequest } from './filters';
import { GroupedBars, PercentBars } from './lazy-charts';
import { CheckFilters, PeriodText } from './screen-parts';
import { usePercent } from './use-percent';
import { useIndicatorFilters } from './use-indicator-filters';

/** What a chart's card shows for the screen's request. */
interface Request {
  data?: Graficas;
  error?: unknown;
  retry: () => void;
}

function stateOf(request: Request, empty: (g: Graficas) => boolean): ChartState {
  if (request.error !== undefined) return 'error';
  if (request.data === undefined) return 'loading';
  return empty(request.data) ? 'empty' : 'ready';
}

/** 'AAAA-MM' as a month name and year ('ene 2026', or 'enero de 2026' with the long pattern). */
function useMonthName() {
  const { formatDate } = useFormat();
  return (mes: string, pattern = 'LLL yyyy') => formatDate(`${mes}-01`, pattern).replace(/\.(?=\s)/, '') || mes;
}

/** Accredited and not accredited per month of the period (grouped bars, the company's colours). */
function MonthCard({ request }: { request: Request }) {
  const { t } = useTranslation('indicators');
  const { formatNumber } = useFormat();
  const { data: cia } = useCia();
  const monthName = useMonthName();
  const months: Mes[] = request.data?.por_mes ?? [];
  const [accredited, notAccredited] = companyChartColors(cia);
  const series = [
    { label: t('charts.by_month.accredited'), color: accredited, data: months.map((m) => m.acreditados) },
    { label: t('charts.by_month.not_accredited'), color: notAccredited, data: months.map((m) => m.no_acreditados) },
  ];
  const sum = (pick: (m: Mes) => number) => months.reduce((s, m) => s + pick(m), 0);
  const table: FiguresTable = {
    caption: t('charts.by_month.caption'),
    columns: [t('charts.by_month.month'), t('charts.by_month.accredited'), t('charts.by_month.not_accredited')],
    rows: months.map((m) => ({ key: m.mes, header: monthName(m.mes, 'LLLL yyyy'), cells: [formatNumber(m.acreditados), formatNumber(m.no_acreditados)] })),
    total: { header: t('charts.by_month.total'), cells: [formatNumber(sum((m) => m.acreditados)), formatNumber(sum((m) => m.no_acreditados))] },
  };
  return (
    <ChartCard
      testId="chart-by-month"
      title={t('charts.by_month.title')}
      description={t('charts.by_month.description')}
      state={stateOf(request, (g) => g.por_mes.every((m) => m.acreditados + m.no_acreditados === 0))}
      error={request.error}
      errorTitle={t('load_error')}
      onRetry={request.retry}
      table={table}
      chart={<GroupedBars label={t('charts.by_month.image')} labels={months.map((m) => monthName(m.mes))} series={series} formatNumber={(n) => formatNumber(n)} />}
    />
  );
}

/** Compliance in percent per plant or per structure node (horizontal bars and their table). */
function ComplianceCard({
  request,
  rows,
  testId,
  title,
  description,
  caption,
  image,
  nameColumn,
}: {
  request: Request;
  rows: (g: Graficas) => Cumplimiento[];
  testId: string;
  title: string;
  description: string;
  caption: string;
  image: string;
  nameColumn: string;
}) {
  const { t } = useTranslation('indicators');
  const { formatNumber } = useFormat();
  const percent = usePercent();
  const { data: cia } = useCia();
  const list = request.data ? rows(request.data) : [];
  const table: FiguresTable = {
    caption,
    columns: [nameColumn, t('charts.required'), t('charts.accredited'), t('charts.percent')],
    rows: list.map((r) => ({ key: String(r.id), header: r.nombre, cells: [formatNumber(r.requeridos), formatNumber(r.acreditados), percent(r.porcentaje)] })),
  };
  return (
    <ChartCard
      testId={testId}
      title={title}
      description={description}
      state={stateOf(request, (g) => rows(g).length === 0)}
      error={request.error}
      errorTitle={t('load_error')}
      onRetry={request.retry}
      table={table}
      chart={
        <PercentBars
          label={image}
          labels={list.map((r) => r.nombre)}
          values={list.map((r) => r.porcentaje)}
          color={companyChartColors(cia)[0]}
          seriesLabel={t('charts.percent')}
          formatPercent={percent}
        />
      }
    />
  );
}

/** Courses, participants and hours per modality: a table (three figures of different units). */
function ModalityCard({ request }: { request: Request }) {
  const { t } = useTranslation('indicators');
  const { formatNumber } = useFormat();
  const titleId = useId();
  const rows: Modalidad[] = request.data?.por_modalidad ?? [];
  const hours = (n: number) => formatNumber(n, { maximumFractionDigits: 1 });
  const total = rows.reduce((s, r) => ({ cursos: s.cursos + r.cursos, participantes: s.participantes + r.participantes, horas: s.horas + r.horas }), {
    cursos: 0,
    participantes: 0,
    horas: 0,
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} shadow="xs" component="section" aria-labelledby={titleId} data-testid="chart-by-modality" miw={0}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id={titleId}>
            {t('charts.by_modality.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('charts.by_modality.description')}
          </Text>
        </div>
        {request.error !== undefined ? (
          <ListError title={t('load_error')} error={request.error} onRetry={request.retry} />
        ) : !request.data ? (
          <Skeleton height={160} radius="md" />
        ) : rows.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <Table.ScrollContainer minWidth={300} type="native" tabIndex={0} role="region" aria-label={t('charts.by_modality.caption')}>
            <Table fz="sm" verticalSpacing={6} horizontalSpacing="xs" striped aria-label={t('charts.by_modality.caption')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('charts.by_modality.modality')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('charts.by_modality.courses')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('charts.by_modality.participants')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('charts.by_modality.hours')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.modalidad}>
                    <Table.Th scope="row" fw={500}>
                      {r.modalidad}
                    </Table.Th>
                    <Table.Td ta="right">{formatNumber(r.cursos)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(r.participantes)}</Table.Td>
                    <Table.Td ta="right">{hours(r.horas)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">{t('charts.by_modality.total')}</Table.Th>
                  <Table.Td ta="right" fw={700}>
                    {formatNumber(total.cursos)}
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatNumber(total.participantes)}
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {hours(total.horas)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /menu/graficas: accreditations per month, compliance per plant and per structure level (the
 * one below the chosen node), and courses per modality, for the filters in the URL.
 */
export function ChartsScreen() {
  const { t } = useTranslation(['indicators', 'common']);
  const [filters, setFilters] = useIndicatorFilters();
  const charts = useCharts(toRequest(filters));
  useScreenChrome({ onUpdate: () => charts.mutate() });
  const fieldErrors = fieldErrorsOf(charts.error);
  const invalid = Object.keys(fieldErrors).length > 0;
  const state: Request = { data: charts.data, error: charts.error, retry: () => void charts.mutate() };
  const nivel = charts.data?.nivel_estructura ?? (filters.cve_estructura === null ? 2 : undefined);
  const level = nivel === undefined ? '…' : String(nivel);

  return (
    <Stack gap="lg">
      <FilterBar
        filters={filters}
        onChange={setFilters}
        fieldErrors={fieldErrors}
        exportUrl={CHARTS_URL}
        exportTitle={t('common:sections.items.indicadores_graficas')}
      >
        {charts.data && <PeriodText desde={charts.data.desde} hasta={charts.data.hasta} hoy={charts.data.hoy} mandatory={filters.solo_obligatorios} />}
      </FilterBar>
      {invalid ? (
        <CheckFilters />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <MonthCard request={state} />
          <ModalityCard request={state} />
          <ComplianceCard
            request={state}
            rows={(g) => g.por_planta}
            testId="chart-by-plant"
            title={t('indicators:charts.by_plant.title')}
            description={t('indicators:charts.by_plant.description')}
            caption={t('indicators:charts.by_plant.caption')}
            image={t('indicators:charts.by_plant.image')}
            nameColumn={t('indicators:charts.by_plant.name')}
          />
          <ComplianceCard
            request={state}
            rows={(g) => g.por_estructura}
            testId="chart-by-structure"
            title={t('indicators:charts.by_structure.title', { nivel: level })}
            description={t('indicators:charts.by_structure.description', { nivel: level })}
            caption={t('indicators:charts.by_structure.caption', { nivel: level })}
            image={t('indicators:charts.by_structure.image', { nivel: level })}
            nameColumn={t('indicators:charts.by_structure.name', { nivel: level })}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
