import { Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { useTranslation } from 'react-i18next';
import type { ExportJob } from '@/lib/api/shared/export-jobs';
import { useFormat } from '@/lib/i18n/use-format';
import { isRunning, jobPercent } from './job-state';

/**
 * A job's bar and what it says: rows written of the total (an indeterminate bar while the
 * total is being counted). The bar's value is in rows (aria-valuenow of aria-valuemax).
 */
export function ExportJobProgress({ job, live = false }: { job: ExportJob; live?: boolean }) {
  const { t } = useTranslation('common');
  const { formatNumber } = useFormat();
  const percent = jobPercent(job);
  const running = isRunning(job);
  const total = job.total ?? null;
  const filas = formatNumber(job.filas);
  const text =
    job.estado === 'terminada'
      ? t('export_jobs.progress.done', { count: total ?? job.filas, total: formatNumber(total ?? job.filas) })
      : job.estado === 'pendiente' && job.filas === 0
        ? t('export_jobs.progress.waiting')
        : total === null
          ? running
            ? t('export_jobs.progress.counting')
            : t('export_jobs.progress.rows_written', { count: job.filas, filas })
          : running
            ? t('export_jobs.progress.exporting', { count: total, filas, total: formatNumber(total) })
            : t('export_jobs.progress.stopped', { count: total, filas, total: formatNumber(total) });
  const known = total !== null || job.estado === 'terminada';
  const max = total ?? job.filas;
  const valueText = known ? t('export_jobs.progress.value', { count: max, filas, total: formatNumber(max) }) : t('export_jobs.progress.counting');
  const color = job.estado === 'fallida' ? 'red' : job.estado === 'terminada' ? 'teal' : job.estado === 'expirada' ? 'gray' : 'blue';
  return (
    <Stack gap={4}>
      <Progress.Root
        size="lg"
        radius="xl"
        role="progressbar"
        aria-label={t('export_jobs.progress.label', { nombre: job.nombre })}
        aria-valuemin={0}
        aria-valuemax={known ? max : undefined}
        aria-valuenow={known ? Math.min(job.filas, max) : undefined}
        aria-valuetext={valueText}
        data-testid="export-progress"
      >
        <Progress.Section
          value={percent ?? (running ? 100 : 0)}
          color={percent === null && running ? 'gray' : color}
          striped={running}
          animated={running}
          withAria={false}
        />
      </Progress.Root>
      <Text size="sm" aria-live={live ? 'polite' : undefined} data-testid="export-progress-text">
        {text}
      </Text>
    </Stack>
  );
}
