import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportSavedReport } from '../api/export-saved-report';
import { queueSavedExport } from '../api/queue-saved-export';
import { useSavedReportRun } from '../api/run-saved-report';
import type { ReporteGuardado } from '../api/types';
import { ExportMenu } from './export-menu';
import { ReportResult } from './report-result';
import { SectionCard } from './section-card';

export interface RunViewProps {
  report: ReporteGuardado;
  onBack: () => void;
}

/**
 * A saved layout run within one's own scope: its rows a page at a time, the grand totals and
 * the export menu (at once up to 10,000 rows, else in the background).
 */
export function RunView({ report, onBack }: RunViewProps) {
  const { t } = useTranslation('report-builder');
  const [page, setPage] = useState(1);
  const run = useSavedReportRun(report.id_reporte, page);
  const heading = useRef<HTMLHeadingElement>(null);
  const settled = !run.isValidating && run.error === undefined && run.data !== undefined;
  // The view replaces the list: the focus moves to its title.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack gap="md" data-testid="saved-run">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} data-testid="saved-run-back">
          {t('saved.back')}
        </Button>
        <ExportMenu
          count={settled && run.data ? run.data.pages.cantidad_registros : null}
          fileTitle={report.nombre}
          exportNow={(formato) => exportSavedReport(report.id_reporte, formato)}
          queue={(formato) => queueSavedExport(report.id_reporte, formato)}
        />
      </Group>
      <div>
        <Title order={2} size="h4" ref={heading} tabIndex={-1} style={{ overflowWrap: 'anywhere', outline: 'none' }}>
          {report.nombre}
        </Title>
        <Text size="sm" c="dimmed">
          {t('saved.run_of', { source: report.fuente_nombre })}
        </Text>
        {report.descripcion && (
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {report.descripcion}
          </Text>
        )}
      </div>
      <SectionCard title={t('saved.result')} intro={t('saved.scope_hint')}>
        <ReportResult
          result={run.data}
          error={run.error}
          refreshing={run.isValidating && run.data !== undefined}
          page={page}
          onPage={setPage}
          label={t('saved.result_table', { name: report.nombre })}
          errorTitle={t('saved.run_error')}
          onRetry={() => void run.mutate()}
        />
      </SectionCard>
    </Stack>
  );
}
