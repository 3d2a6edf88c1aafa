import { apiDownload, type DownloadedFile } from '@/lib/api/client';
import { REPORTES } from './paths';
import type { DefinicionReporte, Formato } from './types';

/** POST reportes/exportar: an unsaved layout's rows as a file, at once. */
export function exportDefinition(definicion: DefinicionReporte, formato: Formato): Promise<DownloadedFile> {
  return apiDownload(`${REPORTES}/exportar`, { method: 'POST', body: { definicion, formato }, errorDialog: false });
}
