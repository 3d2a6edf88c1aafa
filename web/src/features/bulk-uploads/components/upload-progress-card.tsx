import { ActionIcon, Alert, Button, Card, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Tooltip.css';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/client';
import { useFormat } from '@/lib/i18n/use-format';
import { downloadErrorReport } from '../api/download-errors';
import { isUploadType, progressPercent, type UploadJob } from '../api/upload-types';
import { saveDownload } from './save-download';
import { StatusBadge } from './status-badge';
import { POLL_MS, useUploadProgress } from './use-upload-progress';

interface UploadProgressCardProps {
  id: number;
  /** Called once when the job ends (the screen refreshes its history). */
  onFinished?: (job: UploadJob) => void;
  onClose?: () => void;
  pollMs?: number;
}

const COUNTS = ['insertadas', 'actualizadas', 'sin_cambios', 'errores'] as const;
const COUNT_COLORS = { insertadas: 'teal', actualizadas: 'blue', sin_cambios: 'gray', errores: 'red' } as const;

/** The live progress of one upload, its summary when it ends, and its error report. */
export function UploadProgressCard({ id, onFinished, onClose, pollMs = POLL_MS }: UploadProgressCardProps) {
  const { t } = useTranslation(['bulk-uploads', 'common', 'errors']);
  const { formatNumber } = useFormat();
  const { job, error, finished, refresh } = useUploadProgress(id, pollMs);

  const reported = useRef<number | null>(null);
  const latestOnFinished = useRef(onFinished);
  useEffect(() => {
    latestOnFinished.current = onFinished;
  });
  useEffect(() => {
    if (finished && job && reported.current !== job.id_carga) {
      reported.current = job.id_carga;
      latestOnFinished.current?.(job);
    }
  }, [finished, job]);

  const title = t('bulk-uploads:progress.title', { id });
  if (!job) {
    return (
      <Card withBorder radius="lg" padding="lg" aria-label={title} component="section">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {title}
          </Title>
          {error ? (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{errorMessage(error)}</Text>
                <Button size="xs" variant="white" color="red" onClick={refresh}>
                  {t('common:actions.retry')}
                </Button>
              </Group>
            </Alert>
          ) : (
            <Stack gap="xs" role="status" aria-label={t('common:loading')}>
              <Skeleton height={16} radius="xl" />
              <Skeleton height={48} radius="md" />
            </Stack>
          )}
        </Stack>
      </Card>
    );
  }

  const percent = progressPercent(job);
  const failed = job.estatus === 'fallida';
  const clean = job.estatus === 'terminada' && job.errores === 0 && (job.lotes_fallidos ?? 0) === 0;
  const n = (value: number | null | undefined) => formatNumber(value ?? 0);
  const typeLabel = isUploadType(job.tipo) ? t(`bulk-uploads:types.${job.tipo}`) : job.tipo;

  return (
    <Card withBorder radius="lg" padding="lg" aria-label={title} component="section">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {[typeLabel, job.archivo].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Group gap="xs">
            <StatusBadge status={job.estatus} />
            {onClose && finished && (
              <Button variant="subtle" size="xs" color="gray" leftSection={<IconX size={14} aria-hidden />} onClick={onClose}>
                {t('common:actions.close')}
              </Button>
            )}
          </Group>
        </Group>

        <Stack gap={6}>
          <Progress
            value={percent}
            size="xl"
            radius="xl"
            striped={!finished}
            animated={!finished}
            color={failed ? 'red' : clean ? 'teal' : finished ? 'yellow' : 'blue'}
            aria-label={t('bulk-uploads:progress.bar_label')}
            transitionDuration={200}
          />
          <Text size="sm" aria-live="polite">
            {t('bulk-uploads:progress.processed', { count: job.total ?? 0, procesadas: n(job.procesadas), total: n(job.total), percent })}
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {COUNTS.map((key) => (
            <Paper key={key} withBorder radius="md" p="sm" data-testid={`conteo-${key}`}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t(`bulk-uploads:counts.${key}`)}
              </Text>
              <Text size="xl" fw={700} c={key === 'errores' && job.errores > 0 ? 'red' : COUNT_COLORS[key]}>
                {n(job[key])}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>

        {finished && <Summary job={job} />}
        {job.errores > 0 && (
          <Group>
            <ErrorReportButton id={job.id_carga} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** What a finished upload did; exported for its tests. */
export function Summary({ job }: { job: UploadJob }) {
  const { t } = useTranslation(['bulk-uploads', 'errors']);
  const { formatNumber } = useFormat();
  // Each number takes its own plural: "1 registro: 1 insertado, 0 actualizados y 0 sin cambios."
  const part = (key: string, value: number | null | undefined) => t(`bulk-uploads:summary.${key}`, { count: value ?? 0, value: formatNumber(value ?? 0) });
  const counts = {
    count: job.total ?? 0,
    total: formatNumber(job.total ?? 0),
    inserted: part('inserted', job.insertadas),
    updated: part('updated', job.actualizadas),
    unchanged: part('unchanged', job.sin_cambios),
  };
  const lotes = job.lotes_fallidos ?? 0;

  if (job.estatus === 'fallida') {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('errors:ui.ups_alt')}>
        <Stack gap={4}>
          <Text size="sm">{t('bulk-uploads:summary.failed')}</Text>
          {job.mensaje && <Text size="sm">{job.mensaje}</Text>}
          {lotes > 0 && <Text size="sm">{t('bulk-uploads:summary.failed_batches', { count: lotes })}</Text>}
        </Stack>
      </Alert>
    );
  }

  const clean = job.errores === 0 && lotes === 0;
  return (
    <Alert
      color={clean ? 'teal' : 'yellow'}
      variant="light"
      role="status"
      icon={clean ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />}
      title={t('bulk-uploads:summary.title')}
    >
      <Stack gap={4}>
        {clean && (
          <Text size="sm" fw={600}>
            {t('bulk-uploads:summary.success')}
          </Text>
        )}
        <Text size="sm">{t('bulk-uploads:summary.counts', counts)}</Text>
        {!clean && <Text size="sm">{part('with_errors', job.errores)}</Text>}
        {lotes > 0 && <Text size="sm">{t('bulk-uploads:summary.failed_batches', { count: lotes })}</Text>}
        {job.mensaje && <Text size="sm">{job.mensaje}</Text>}
      </Stack>
    </Alert>
  );
}

/** "Descargar reporte de errores": the job's error rows as xlsx (an icon button in table rows). */
export function ErrorReportButton({ id, compact = false }: { id: number; compact?: boolean }) {
  const { t } = useTranslation('bulk-uploads');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveDownload(await downloadErrorReport(id), `errores_carga_${id}.xlsx`);
    } catch {
      // The client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  if (compact) {
    return (
      <Tooltip label={t('errors_report.download')} withinPortal>
        <ActionIcon variant="subtle" color="red" loading={busy} aria-label={t('errors_report.row_label', { id })} onClick={() => void download()}>
          <IconDownload size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button variant="light" color="red" leftSection={<IconDownload size={16} aria-hidden />} loading={busy} onClick={() => void download()}>
      {t('errors_report.download')}
    </Button>
  );
}
