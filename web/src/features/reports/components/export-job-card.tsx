import { Alert, Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadExportButton, ExportJobProgress, ExportStateBadge, fileSize } from '@/components/export-jobs';
import type { ExportJob } from '@/lib/api/shared/export-jobs';
import { useFormat } from '@/lib/i18n/use-format';

/** One export of Mis exportaciones: name, format, state, its bar, its dates and size, and its file or error. */
export function ExportJobCard({ job }: { job: ExportJob }) {
  const { t } = useTranslation(['reports', 'common']);
  const { formatDate, formatNumber } = useFormat();
  const titleId = useId();
  const when = (value: string | null | undefined) => (value ? formatDate(value, 'Pp') : '—');
  const figure = (id: string, label: string, value: string) => (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Box component="dd" m={0}>
        <Text size="sm" data-testid={`export-${id}`}>
          {value}
        </Text>
      </Box>
    </div>
  );
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={titleId}
      data-testid="export-job"
      data-estado={job.estado}
      style={{ listStyle: 'none' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {job.nombre}
          </Title>
          <Group gap={6}>
            <Badge variant="outline" color="gray" tt="none" data-testid="export-format">
              {t(`common:export_jobs.formats.${job.formato}`, { defaultValue: job.formato })}
            </Badge>
            <ExportStateBadge estado={job.estado} />
          </Group>
        </Group>
        <ExportJobProgress job={job} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
          {figure('created', t('reports:exports.created'), when(job.creado))}
          {figure('finished', t('reports:exports.finished'), when(job.terminado))}
          {figure('expires', t('reports:exports.expires'), when(job.expira))}
          {figure('size', t('reports:exports.size'), job.bytes === null || job.bytes === undefined ? '—' : fileSize(job.bytes, formatNumber))}
        </SimpleGrid>
        {job.estado === 'fallida' && (
          <Alert color="red" variant="light" title={t('reports:exports.failed')}>
            {job.error || t('common:export_jobs.failed_hint')}
          </Alert>
        )}
        {job.estado === 'expirada' && (
          <Text size="sm" c="dimmed">
            {t('common:export_jobs.expired')}
          </Text>
        )}
        {job.estado === 'terminada' && (
          <Group>
            <DownloadExportButton job={job} variant="light" />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
