import { Alert, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type ColumnMeta, type DataTableHandle } from '@/components/data-table';
import { fileBase, saveBlob } from '@/components/data-table/export';
import { ExportJobPanel, useBackgroundExport } from '@/components/export-jobs';
import { failureMessage } from '@/components/forms/server-errors';
import { useScreenChrome } from '@/components/page-chrome';
import type { ReportFormat } from '@/lib/api/shared/export-jobs';
import { useFormat } from '@/lib/i18n/use-format';
import { exportMassReport } from '../api/export-mass-report';
import { MASS_TABLE_URL } from '../api/paths';
import { startMassExport } from '../api/start-mass-export';
import type { MassRow } from '../api/types';
import { ExportMenu } from './export-menu';
import { exportMode } from './export-rules';
import { useMassColumns } from './mass-columns';
import { MassFilterBar } from './mass-filter-bar';
import { dateRangeOf, toFiltersExt } from './mass-filters';
import { useMassFilters } from './use-mass-filters';

/** A row's key: the employee and the topic it is about (the report has one row per pair). */
function rowKey(row: MassRow): string {
  return [row.num_empleado, row.nombre_empleado, row.abreviatura, row.nombre_tema].map((v) => v ?? '').join('|');
}

/**
 * /menu/reporte_masivo: one row per employee and topic within one's scope, filtered by the bar
 * above (kept in the URL) and by the table's column filters; 'Exportar' downloads Excel, CSV
 * or PDF at once up to 10,000 rows and prepares larger ones in the background (the panel in
 * the corner follows the job); refresh and print in the shell's bar.
 */
export function MassReportScreen({ pollMs }: { pollMs?: number }) {
  const { t } = useTranslation(['reports', 'common']);
  const { formatNumber } = useFormat();
  const [filters, setFilters] = useMassFilters();
  const table = useRef<DataTableHandle>(null);
  const [meta, setMeta] = useState<ColumnMeta[]>([]);
  const [count, setCount] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const background = useBackgroundExport();
  const columns = useMassColumns(meta);
  const filtersEXT = useMemo(() => toFiltersExt(filters), [filters]);
  const dateRange = useMemo(() => dateRangeOf(filters), [filters]);
  const title = t('common:sections.items.reportes_masivo');

  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onPrint: () => table.current?.print(),
  });

  const inBackground = async (format: ReportFormat) => {
    const query = table.current?.query();
    if (!query) return;
    setFailure(null);
    try {
      await background.run(() => startMassExport(query, format));
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  const exportNow = async (format: ReportFormat) => {
    const query = table.current?.query();
    if (!query) return;
    if (exportMode(count) === 'background') {
      // The menu said so; the panel in the corner follows the job.
      await inBackground(format);
      return;
    }
    setExporting(true);
    setFailure(null);
    try {
      const file = await exportMassReport(query, format);
      saveBlob(file.blob, file.filename || `${fileBase(title)}.${format}`);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <MassFilterBar
        filters={filters}
        onChange={setFilters}
        actions={
          <ExportMenu
            count={count}
            busy={exporting || background.starting}
            onExport={(f) => void exportNow(f)}
            onBackground={(f) => void inBackground(f)}
          />
        }
      >
        {count !== null && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="mass-count">
            {t('reports:mass.count', { count, formatted: formatNumber(count) })}
          </Text>
        )}
        {failure && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t('reports:export.error')}
            withCloseButton
            closeButtonLabel={t('common:actions.close')}
            onClose={() => setFailure(null)}
            mt="xs"
          >
            {failure}
          </Alert>
        )}
      </MassFilterBar>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <DataTable<MassRow>
          ref={table}
          url={MASS_TABLE_URL}
          title={title}
          columns={columns}
          rowKey={rowKey}
          filtersEXT={filtersEXT as Record<string, unknown>}
          dateRange={dateRange}
          defaultSort={{ field: 'nombre_empleado', direction: 'asc' }}
          onColumnsMeta={setMeta}
          onCount={setCount}
          emptyMessage={t('reports:mass.empty')}
        />
      </Paper>
      <ExportJobPanel jobId={background.jobId} onClose={background.close} pollMs={pollMs} />
    </Stack>
  );
}
