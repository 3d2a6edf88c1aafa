import { Button, Menu, Stack, Text } from '@mantine/core';
import { DeferredMenu } from '@/components/deferred-popover';
import { IconChevronDown, IconClockPlay, IconFileDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportFormat } from '@/lib/api/shared/export-jobs';
import { useFormat } from '@/lib/i18n/use-format';
import { PDF_ROW_LIMIT, REPORT_FORMATS, SYNC_EXPORT_LIMIT, exportMode, formatAllowed } from './export-rules';

export interface ExportMenuProps {
  /** The rows of the report with its filters (null until the table answers). */
  count: number | null;
  busy: boolean;
  /** A format chosen from the first group: now, or in the background above the limit. */
  onExport: (format: ReportFormat) => void;
  /** A format chosen from 'Exportar en segundo plano'. */
  onBackground: (format: ReportFormat) => void;
}

/**
 * 'Exportar': Excel, CSV or PDF of everything the filters give. Up to 10,000 rows the file
 * downloads at once, above that it is prepared in the background (the menu says so); PDF is
 * disabled above 2,000 rows, with the reason under it. 'Exportar en segundo plano' always
 * makes a background job, for whoever would rather not wait.
 */
export function ExportMenu({ count, busy, onExport, onBackground }: ExportMenuProps) {
  const { t } = useTranslation(['reports', 'common']);
  const { formatNumber } = useFormat();
  const formatName = (f: ReportFormat) => t(`common:export_jobs.formats.${f}`);
  const pdfReason = t('reports:export.pdf_too_many', { limit: formatNumber(PDF_ROW_LIMIT), count: formatNumber(count ?? 0) });
  const item = (f: ReportFormat, testId: string, label: string, onClick: () => void, icon: ReactNode) => {
    const allowed = formatAllowed(f, count);
    return (
      <Menu.Item key={testId} leftSection={icon} disabled={!allowed} onClick={onClick} data-testid={testId}>
        {allowed ? (
          label
        ) : (
          <Stack gap={0}>
            <span>{label}</span>
            <Text size="xs" c="dimmed" component="span">
              {pdfReason}
            </Text>
          </Stack>
        )}
      </Menu.Item>
    );
  };
  return (
    <DeferredMenu
      position="bottom-end"
      withinPortal
      shadow="md"
      width={300}
      target={
        <Button
          variant="light"
          leftSection={<IconFileDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={busy}
          data-testid="mass-export"
        >
          {t('reports:export.button')}
        </Button>
      }
    >
      {() => (
        <>
          <Menu.Label>{t('reports:export.now')}</Menu.Label>
          {exportMode(count) === 'background' && (
            <Text size="xs" c="dimmed" px="sm" pb={4}>
              {t('reports:export.large_hint', { limit: formatNumber(SYNC_EXPORT_LIMIT) })}
            </Text>
          )}
          {REPORT_FORMATS.map((f) => item(f, `export-${f}`, formatName(f), () => onExport(f), <IconFileDownload size={16} aria-hidden />))}
          <Menu.Divider />
          <Menu.Label>{t('reports:export.background')}</Menu.Label>
          {REPORT_FORMATS.map((f) =>
            item(
              f,
              `export-background-${f}`,
              t('reports:export.background_item', { format: formatName(f) }),
              () => onBackground(f),
              <IconClockPlay size={16} aria-hidden />,
            ),
          )}
        </>
      )}
    </DeferredMenu>
  );
}
