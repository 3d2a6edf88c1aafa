import { Alert, Anchor, Button, CloseButton, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api/client';
import { hasSection, useSession } from '@/lib/auth/session';
import { DownloadExportButton } from './download-export-button';
import { ExportJobProgress } from './export-job-progress';
import { ExportStateBadge } from './export-state-badge';
import { EXPORT_POLL_MS } from './job-state';
import classes from './export-job-panel.module.css';
import { useLiveExportJob } from './use-live-export-job';

/** Where my background exports are listed, and the section that opens it. */
export const MY_EXPORTS_PATH = '/menu/mis_exportaciones';
const MY_EXPORTS_SECTION = 'reportes.exportaciones';

export interface ExportJobPanelProps {
  /** The job to follow; null shows nothing. */
  jobId: number | null;
  onClose: () => void;
  pollMs?: number;
}

/**
 * A small panel in the corner that follows one background export: 'Exportando… n de N filas'
 * with its bar, 'Descargar' when it is ready, the error when it failed, and a link to Mis
 * exportaciones (the job goes on, and stays there, when the panel is closed).
 */
export function ExportJobPanel({ jobId, onClose, pollMs = EXPORT_POLL_MS }: ExportJobPanelProps) {
  if (jobId === null) return null;
  return <Panel key={jobId} jobId={jobId} onClose={onClose} pollMs={pollMs} />;
}

function Panel({ jobId, onClose, pollMs }: { jobId: number; onClose: () => void; pollMs: number }) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const { job, error, retry } = useLiveExportJob(jobId, pollMs);
  const { user } = useSession();
  return (
    <Paper
      component="section"
      className={classes.panel}
      withBorder
      shadow="lg"
      radius="lg"
      p="md"
      aria-labelledby={titleId}
      data-testid="export-job-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
          <Text fw={700} id={titleId}>
            {t('export_jobs.panel_title')}
          </Text>
          <CloseButton aria-label={t('export_jobs.close_panel')} onClick={onClose} />
        </Group>
        {job && (
          <Group gap="xs" wrap="nowrap">
            <ExportStateBadge estado={job.estado} />
            <Text size="sm" c="dimmed" truncate="end" title={job.nombre} style={{ minWidth: 0 }}>
              {job.nombre} · {t(`export_jobs.formats.${job.formato}`, { defaultValue: job.formato.toUpperCase() })}
            </Text>
          </Group>
        )}
        {!job && error !== undefined && (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{errorMessage(error)}</Text>
              <Button size="xs" variant="white" color="red" onClick={retry}>
                {t('actions.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {!job && error === undefined && <Skeleton height={36} radius="md" aria-hidden />}
        {job && <ExportJobProgress job={job} live />}
        {job?.estado === 'fallida' && (
          <Alert color="red" variant="light" role="alert" title={t('export_jobs.failed')}>
            {job.error || t('export_jobs.failed_hint')}
          </Alert>
        )}
        {job?.estado === 'expirada' && (
          <Text size="sm" c="dimmed">
            {t('export_jobs.expired')}
          </Text>
        )}
        {job && (job.estado === 'pendiente' || job.estado === 'procesando') && (
          <Text size="xs" c="dimmed">
            {t('export_jobs.keep_working')}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          {hasSection(user, MY_EXPORTS_SECTION) ? (
            <Anchor component={Link} to={MY_EXPORTS_PATH} size="sm" inline>
              {t('export_jobs.my_exports')} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
            </Anchor>
          ) : (
            <span />
          )}
          {job?.estado === 'terminada' && <DownloadExportButton job={job} size="xs" />}
        </Group>
      </Stack>
    </Paper>
  );
}
