import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEnd } from '@/components/forms/server-errors';
import { showErrorDialog } from '@/lib/api/client';
import type { ExportJob } from '@/lib/api/shared/export-jobs';
import { saveExportJob } from './save-export-job';

/** 'Descargar' of a finished export; a failure shows the '¡Ups!' dialog with the server's words. */
export function DownloadExportButton({ job, ...props }: { job: ExportJob } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await saveExportJob(job);
    } catch (error) {
      if (!isSessionEnd(error)) void showErrorDialog(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
      aria-label={t('export_jobs.download_named', { nombre: job.nombre })}
      {...props}
    >
      {t('export_jobs.download')}
    </Button>
  );
}
