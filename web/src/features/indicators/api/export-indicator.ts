import { apiDownload, type DownloadedFile } from '@/lib/api/client';
import type { Filtros } from './types';

/**
 * An indicator as an Excel file: the same POST as the screen with `?formato=xlsx`, through
 * the API client (the bearer header), answered as a blob.
 */
export function exportIndicator(url: string, filtros: Filtros): Promise<DownloadedFile> {
  return apiDownload(url, { method: 'POST', body: filtros, query: { formato: 'xlsx' }, errorDialog: false });
}
