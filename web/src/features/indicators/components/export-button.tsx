import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileBase, saveBlob } from '@/components/data-table/export';
import { failureMessage } from '@/components/forms/server-errors';
import { exportIndicator } from '../api/export-indicator';
import type { Filtros } from '../api/types';

export interface ExportButtonProps {
  /** The indicator's URL (the screen's own POST). */
  url: string;
  filtros: Filtros;
  /** The file's name when the server does not say one (the screen's title). */
  fileTitle: string;
  /** Says why the export failed (null: nothing to say, or the failure is gone). */
  onFailure: (message: string | null) => void;
}

/** 'Exportar a Excel': the screen's figures for the same filters as an .xlsx file. */
export function ExportButton({ url, filtros, fileTitle, onFailure }: ExportButtonProps) {
  const { t } = useTranslation('indicators');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    onFailure(null);
    try {
      const file = await exportIndicator(url, filtros);
      saveBlob(file.blob, file.filename || `${fileBase(fileTitle)}.xlsx`);
    } catch (error) {
      onFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
      data-testid="indicators-export"
    >
      {t('export.label')}
    </Button>
  );
}
