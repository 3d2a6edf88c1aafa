import { Anchor, Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFileExport, IconFileSpreadsheet, IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeferredMenu } from '@/components/deferred-popover';
import { fileBase, saveBlob } from '@/components/data-table/export';
import { failureMessage } from '@/components/forms';
import type { DownloadedFile } from '@/lib/api/client';
import type { ExportacionCreada, Formato } from '../api/types';
import { FORMATS, MY_EXPORTS_PATH, exportMode } from './export-rules';

export interface ExportMenuProps {
  /** The rows of the report (the preview's cantidad_registros); null while not known. */
  count: number | null;
  /** The file's name when the server does not give one (the report's name). */
  fileTitle: string;
  /** The file, at once. */
  exportNow: (formato: Formato) => Promise<DownloadedFile>;
  /** A background export. */
  queue: (formato: Formato) => Promise<ExportacionCreada>;
}

const ICONS = { xlsx: IconFileSpreadsheet, csv: IconFileText, pdf: IconFileTypePdf } as const;

/**
 * 'Exportar' (Excel, CSV, PDF): up to 10,000 rows the file downloads at once; more are
 * prepared in the background and a toast links to Mis exportaciones.
 */
export function ExportMenu({ count, fileTitle, exportNow, queue }: ExportMenuProps) {
  const { t } = useTranslation('report-builder');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const run = async (formato: Formato) => {
    if (count === null) return;
    setBusy(true);
    try {
      if (exportMode(count) === 'directo') {
        const file = await exportNow(formato);
        saveBlob(file.blob, file.filename || `${fileBase(fileTitle)}.${formato}`);
      } else {
        const job = await queue(formato);
        const id = `report-export-${job.id_exportacion}`;
        notifications.show({
          id,
          color: 'teal',
          title: t('export.queued_title'),
          autoClose: 12_000,
          message: (
            <Text size="sm">
              {t('export.queued_text')}{' '}
              <Anchor
                href={MY_EXPORTS_PATH}
                onClick={(event) => {
                  event.preventDefault();
                  notifications.hide(id);
                  void navigate(MY_EXPORTS_PATH);
                }}
              >
                {t('export.queued_link')}
              </Anchor>
            </Text>
          ),
        });
      }
    } catch (error) {
      const message = failureMessage(error);
      if (message !== null) notifications.show({ color: 'red', title: t('export.error'), message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <DeferredMenu
      position="bottom-end"
      withinPortal
      shadow="md"
      target={
        <Button
          variant="light"
          leftSection={<IconFileExport size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={busy}
          disabled={count === null}
          data-testid="report-export"
        >
          {t('export.label')}
        </Button>
      }
    >
      {() => (
        <>
          {count !== null && exportMode(count) === 'segundo_plano' && <Menu.Label>{t('export.background_hint')}</Menu.Label>}
          {FORMATS.map((formato) => {
            const Icon = ICONS[formato];
            return (
              <Menu.Item key={formato} leftSection={<Icon size={16} aria-hidden />} onClick={() => void run(formato)}>
                {t(`export.formats.${formato}`)}
              </Menu.Item>
            );
          })}
        </>
      )}
    </DeferredMenu>
  );
}
