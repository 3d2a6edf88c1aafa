import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard, companyChartColors, paletteColor, type ChartState, type FiguresTable } from '@/components/charts';
import { useCia } from '@/lib/company/get-cia';
import { useFormat } from '@/lib/i18n/use-format';
import {
  useModalityByMonth,
  useProgressByRegion,
  useProgressByStructure,
  type AvanceArea,
  type Viewer,
} from '../api/dashboard-stats';
import type * as ChartsModule from './dashboard-charts';
import { twelveMonths, yearOf } from './chart-data';
import { capitalize } from './greeting';
import { RankingCard } from './ranking-card';
import { SummaryCards } from './summary-cards';

// chart.js comes with the first chart shown, not with the dashboard: the cards, the tables
// and the skeletons paint first. The three charts share one import.
let chartsModule: Promise<typeof ChartsModule> | undefined;
const charts = () => (chartsModule ??= import('./dashboard-charts'));
const ModalityChart = lazy(() => charts().then((m) => ({ default: m.ModalityChart })));
const PercentBars = lazy(() => charts().then((m) => ({ default: m.PercentBars })));
const Donut = lazy(() => charts().then((m) => ({ default: m.Donut })));

/** The state of a chart's card from its request and whether its figures are all zero. */
function stateOf(request: { data?: unknown; error?: unknown }, empty: boolean): ChartState {
  if (request.error !== undefined) return 'error';
  if (request.data === undefined) return 'loading';
  return empty ? 'empty' : 'ready';
}

function usePercent() {
  const { formatNumber } = useFormat();
  return (n: number) => `${formatNumber(n, { maximumFractionDigits: 1 })} %`;
}

/** The monthly bar chart of modality (spec §2): January to December, the company's colours. */
function ModalityCard({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation('dashboard');
  const { formatDate, formatNumber } = useFormat();
  const { data: cia } = useCia();
  const request = useModalityByMonth(viewer);
  const months = twelveMonths(request.data);
  const year = yearOf(request.data);
  const monthName = (m: number, pattern: string) => capitalize(formatDate(new Date(year, m - 1, 1), pattern).replace(/\.$/, ''));
  const colors = companyChartColors(cia);
  const kinds = ['presencial', 'virtual', 'streaming'] as const;
  const series = kinds.map((k, i) => ({ label: t(`modality.${k}`), color: colors[i] ?? paletteColor(i), data: months.map((m) => m[k]) }));
  const empty = months.every((m) => m.presencial + m.virtual + m.streaming === 0);
  const table: FiguresTable = {
    caption: t('modality.caption', { year }),
    columns: [t('modality.month'), ...series.map((s) => s.label)],
    rows: months.map((m) => ({ key: String(m.month), header: monthName(m.month, 'LLLL'), cells: kinds.map((k) => formatNumber(m[k])) })),
  };
  return (
    <ChartCard
      testId="modality-chart"
      title={t('modality.title')}
      description={t('modality.description', { year })}
      state={stateOf(request, empty)}
      error={request.error}
      onRetry={() => void request.mutate()}
      table={table}
      chart={
        <ModalityChart
          label={t('modality.image', { year })}
          labels={months.map((m) => monthName(m.month, 'LLL'))}
          series={series}
          formatNumber={(n) => formatNumber(n)}
        />
      }
    />
  );
}

/** All the areas together: accredited over required, in percent (one decimal). */
function overall(rows: AvanceArea[]) {
  const requeridos = rows.reduce((sum, r) => sum + r.requeridos, 0);
  const acreditados = rows.reduce((sum, r) => sum + r.acreditados, 0);
  const porcentaje = requeridos > 0 ? Math.round((acreditados * 1000) / requeridos) / 10 : 0;
  return { requeridos, acreditados, porcentaje };
}

/** The table of a compliance chart: one row per area or state, and the total. */
function progressTable(rows: AvanceArea[], caption: string, first: string, t: (key: string) => string, formatNumber: (n: number) => string, percent: (n: number) => string): FiguresTable {
  const all = overall(rows);
  return {
    caption,
    columns: [first, t('progress.percent'), t('progress.accredited'), t('progress.required')],
    rows: rows.map((r) => ({ key: r.area, header: r.area, cells: [percent(r.porcentaje), formatNumber(r.acreditados), formatNumber(r.requeridos)] })),
    total: { header: t('progress.total'), cells: [percent(all.porcentaje), formatNumber(all.acreditados), formatNumber(all.requeridos)] },
  };
}

/** Training by region (spec §2): compliance per state of the republic, horizontal bars. */
function RegionCard({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation('dashboard');
  const { formatNumber } = useFormat();
  const percent = usePercent();
  const { data: cia } = useCia();
  const request = useProgressByRegion(viewer);
  const rows = request.data ?? [];
  return (
    <ChartCard
      testId="region-chart"
      title={t('region.title')}
      description={t('region.description')}
      state={stateOf(request, rows.length === 0)}
      error={request.error}
      onRetry={() => void request.mutate()}
      table={progressTable(rows, t('region.title'), t('region.state'), t, (n) => formatNumber(n), percent)}
      chart={
        <PercentBars
          label={t('region.image')}
          labels={rows.map((r) => r.area)}
          values={rows.map((r) => r.porcentaje)}
          color={companyChartColors(cia)[0]}
          seriesLabel={t('progress.percent')}
          formatPercent={percent}
        />
      }
    />
  );
}

/** Training by N2 (spec §2): a donut of compliance per N2 area, palette of 7, ring of 20 px. */
function StructureCard({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation('dashboard');
  const { formatNumber } = useFormat();
  const percent = usePercent();
  const request = useProgressByStructure(viewer);
  const rows = request.data ?? [];
  const colors = rows.map((_, i) => paletteColor(i));
  return (
    <ChartCard
      testId="structure-chart"
      title={t('structure.title')}
      description={t('structure.description')}
      state={stateOf(request, rows.length === 0)}
      error={request.error}
      // Spec §8: 'Problemas para consultar N2'.
      errorTitle={t('structure.error')}
      onRetry={() => void request.mutate()}
      table={progressTable(rows, t('structure.title'), t('structure.area'), t, (n) => formatNumber(n), percent)}
      chart={
        <Donut
          label={t('structure.image')}
          labels={rows.map((r) => r.area)}
          values={rows.map((r) => r.porcentaje)}
          colors={colors}
          formatPercent={percent}
          center={{ value: percent(overall(rows).porcentaje), caption: t('progress.overall') }}
        />
      }
      footer={
        // The legend (the table above says the same to screen readers).
        <Group gap="xs" justify="center" aria-hidden>
          {rows.map((r, i) => (
            <Group key={r.area} gap={6} wrap="nowrap">
              <span style={{ width: 12, height: 12, borderRadius: 3, background: colors[i] ?? paletteColor(i), flex: 'none' }} />
              <Text size="sm">
                {r.area} · {percent(r.porcentaje)}
              </Text>
            </Group>
          ))}
        </Group>
      }
    />
  );
}

/**
 * The admin-style dashboard (spec §2) of Administrador, Analista and Supervisor: the summary
 * cards, the monthly modality chart, training by region and by N2, and the top-5 ranking. The
 * server scopes every figure (a Supervisor's are their team's).
 */
export function AdminDashboard({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('admin.title')}
      </Title>
      <SummaryCards viewer={viewer} />
      <ModalityCard viewer={viewer} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <RegionCard viewer={viewer} />
        <StructureCard viewer={viewer} />
      </SimpleGrid>
      <RankingCard viewer={viewer} />
    </Stack>
  );
}
