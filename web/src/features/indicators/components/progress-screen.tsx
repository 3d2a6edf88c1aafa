import { Box, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard, companyChartColors, type FiguresTable } from '@/components/charts';
import { useScreenChrome } from '@/components/page-chrome';
import { ListError } from '@/components/states/list-states';
import { useCia } from '@/lib/company/get-cia';
import { useFormat } from '@/lib/i18n/use-format';
import { PROGRESS_URLS, type ProgressKind } from '../api/paths';
import { useProgress } from '../api/progress';
import type { Avance } from '../api/types';
import { FilterBar } from './filter-bar';
import { fieldErrorsOf, toRequest } from './filters';
import { GroupedBars } from './lazy-charts';
import { summaryOf, topByAudience } from './progress-rules';
import { ProgressTable } from './progress-table';
import { CheckFilters, NoFigures, PeriodText } from './screen-parts';
import { usePercent } from './use-percent';
import { useIndicatorFilters } from './use-indicator-filters';

/** The menu label (in `common`) of each 'Avance' screen. */
const TITLE_KEYS: Record<ProgressKind, string> = {
  grupos: 'common:sections.items.indicadores_grupos_temas',
  bloques: 'common:sections.items.indicadores_bloques_temas',
  audiencia: 'common:sections.items.indicadores_audiencia_meta',
};

/** Audience, pairs required and accredited, and the progress of all the rows together. */
function Summary({ rows }: { rows: readonly Avance[] }) {
  const { t } = useTranslation('indicators');
  const { formatNumber } = useFormat();
  const percent = usePercent();
  const titleId = useId();
  const s = summaryOf(rows);
  // dt and dd only in each group of the list: what goes under a figure is part of its dd.
  const figure = (id: string, label: string, value: string, extra?: ReactNode) => (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Box component="dd" m={0}>
        <Text fz={26} fw={700} lh={1.2} data-testid={`summary-${id}`}>
          {value}
        </Text>
        {extra}
      </Box>
    </div>
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs" component="section" aria-labelledby={titleId} data-testid="progress-summary">
      <Stack gap="sm">
        <Title order={2} size="h5" id={titleId}>
          {t('progress.summary')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
          {figure(
            'audiencia',
            t('progress.audience'),
            formatNumber(s.audiencia),
            rows.length > 1 && (
              <Text size="xs" c="dimmed">
                {t('progress.audience_hint')}
              </Text>
            ),
          )}
          {figure('requeridos', t('progress.required'), formatNumber(s.requeridos))}
          {figure('acreditados', t('progress.accredited'), formatNumber(s.acreditados))}
          {figure(
            'porcentaje',
            t('progress.percent'),
            percent(s.porcentaje),
            <Progress value={Math.min(100, s.porcentaje)} aria-label={t('progress.percent')} size="sm" radius="xl" mt={4} />,
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The ten rows with the largest audience: audience and complete people, side by side. */
function TopChart({ rows }: { rows: readonly Avance[] }) {
  const { t, i18n } = useTranslation('indicators');
  const { formatNumber } = useFormat();
  const { data: cia } = useCia();
  const top = topByAudience(rows, i18n.resolvedLanguage ?? i18n.language);
  const [audience, complete] = companyChartColors(cia);
  const table: FiguresTable = {
    caption: t('progress.top.caption'),
    columns: [t('progress.columns.nombre'), t('progress.top.audience'), t('progress.top.complete')],
    rows: top.map((r) => ({ key: String(r.id), header: r.nombre, cells: [formatNumber(r.audiencia), formatNumber(r.completos)] })),
  };
  return (
    <ChartCard
      testId="progress-top"
      title={t('progress.top.title')}
      description={t('progress.top.description')}
      state={top.length === 0 ? 'empty' : 'ready'}
      table={table}
      chart={
        <GroupedBars
          horizontal
          label={t('progress.top.image')}
          labels={top.map((r) => r.nombre)}
          series={[
            { label: t('progress.top.audience'), color: audience, data: top.map((r) => r.audiencia) },
            { label: t('progress.top.complete'), color: complete, data: top.map((r) => r.completos) },
          ]}
          formatNumber={(n) => formatNumber(n)}
        />
      }
    />
  );
}

/** The figures' place while they load. */
function ProgressSkeleton() {
  const { t } = useTranslation('indicators');
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('loading')} data-testid="progress-skeleton">
      <Skeleton height={104} radius="lg" />
      <Skeleton height={300} radius="lg" />
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * /menu/avance_grupos_temas, /menu/avance_bloques_temas and /menu/avance_audencia_meta: the
 * progress of each topic group, block or topic against its target audience, for the filters
 * in the URL — the totals, the rows in a sortable table and the ten with the largest audience.
 */
export function ProgressScreen({ kind }: { kind: ProgressKind }) {
  const { t } = useTranslation(['indicators', 'common']);
  const [filters, setFilters] = useIndicatorFilters();
  const progress = useProgress(kind, toRequest(filters));
  useScreenChrome({ onUpdate: () => progress.mutate() });
  const tableTitleId = useId();
  const fieldErrors = fieldErrorsOf(progress.error);
  const invalid = Object.keys(fieldErrors).length > 0;
  const data = progress.data;
  const rows = data?.filas ?? [];
  // Groups have no detail: the column shows only when some row has one.
  const detail = rows.some((r) => r.detalle.trim() !== '') ? t(`indicators:kinds.${kind}.detail`) : undefined;

  let body;
  if (invalid) body = <CheckFilters />;
  else if (progress.error !== undefined) body = <ListError title={t('indicators:load_error')} error={progress.error} onRetry={() => void progress.mutate()} />;
  else if (!data) body = <ProgressSkeleton />;
  else if (rows.length === 0) body = <NoFigures />;
  else
    body = (
      <>
        <Summary rows={rows} />
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs" component="section" aria-labelledby={tableTitleId} miw={0}>
          <Stack gap="sm">
            <div>
              <Title order={2} size="h5" id={tableTitleId}>
                {t('indicators:progress.table')}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`indicators:kinds.${kind}.intro`)}
              </Text>
            </div>
            <ProgressTable rows={rows} label={t('indicators:progress.table')} nameHeading={t(`indicators:kinds.${kind}.name`)} detailHeading={detail} />
          </Stack>
        </Paper>
        <TopChart rows={rows} />
      </>
    );

  return (
    <Stack gap="lg">
      <FilterBar filters={filters} onChange={setFilters} fieldErrors={fieldErrors} exportUrl={PROGRESS_URLS[kind]} exportTitle={t(TITLE_KEYS[kind])}>
        {data && <PeriodText desde={data.desde} hasta={data.hasta} hoy={data.hoy} mandatory={filters.solo_obligatorios} />}
      </FilterBar>
      {body}
    </Stack>
  );
}
