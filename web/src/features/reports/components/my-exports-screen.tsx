import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileExport, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveExportJobs } from '@/components/export-jobs';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError } from '@/components/states/list-states';
import { hasSection, useSession } from '@/lib/auth/session';
import { ExportJobCard } from './export-job-card';

/** The mass report's screen, offered when there is nothing here yet. */
const MASS_REPORT = { section: 'reportes.masivo', path: '/menu/reporte_masivo' };

/**
 * /menu/mis_exportaciones: my background exports, newest first, kept live by the
 * `reporte:progreso` events (and polled every few seconds while one runs and the socket is
 * quiet); each finished one downloads from here until it expires.
 */
export function MyExportsScreen({ pollMs }: { pollMs?: number }) {
  const { t } = useTranslation(['reports', 'common']);
  const { user } = useSession();
  const { jobs, error, refresh } = useLiveExportJobs(pollMs);
  useScreenChrome({ onUpdate: refresh });

  let body;
  if (!jobs && error !== undefined) {
    body = <ListError title={t('reports:exports.error')} error={error} onRetry={refresh} />;
  } else if (!jobs) {
    body = (
      <Stack gap="sm" role="status" aria-label={t('reports:exports.loading')} data-testid="exports-loading">
        <Skeleton height={120} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  } else if (jobs.length === 0) {
    body = (
      <Stack align="center" gap="sm">
        <EmptyState icon={<IconFileExport size={26} aria-hidden />} title={t('reports:exports.empty')} description={t('reports:exports.empty_hint')} />
        {hasSection(user, MASS_REPORT.section) && (
          <Button component={Link} to={MASS_REPORT.path} variant="light" leftSection={<IconTable size={16} aria-hidden />}>
            {t('reports:exports.open_mass_report')}
          </Button>
        )}
      </Stack>
    );
  } else {
    body = (
      <Stack component="ul" gap="sm" m={0} p={0} aria-label={t('reports:exports.list_label')} data-testid="exports-list">
        {jobs.map((job) => (
          <ExportJobCard key={job.id_exportacion} job={job} />
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('reports:exports.intro')}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
