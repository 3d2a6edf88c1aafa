import { apiDownload, type DownloadedFile } from '@/lib/api/client';
import { savedReportUrl } from './paths';
import type { Formato } from './types';

/** POST reportes/guardados/{id}/exportar: a saved layout's rows as a file, at once. */
export function exportSavedReport(id: number, formato: Formato): Promise<DownloadedFile> {
  return apiDownload(`${savedReportUrl(id)}/exportar`, { method: 'POST', body: { formato }, errorDialog: false });
}
