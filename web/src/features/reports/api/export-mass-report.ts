import type { TableQuery } from '@/components/data-table';
import { apiDownload, type DownloadedFile } from '@/lib/api/client';
import type { ReportFormat } from '@/lib/api/shared/export-jobs';
import { MASS_TABLE_URL } from './paths';

/**
 * The mass report as a file, now: the table's POST with `excel: true` and the format,
 * through the API client (the bearer header), answered as a blob.
 */
export function exportMassReport(query: TableQuery, formato: ReportFormat): Promise<DownloadedFile> {
  return apiDownload(MASS_TABLE_URL, { method: 'POST', body: { ...query, excel: true, formato }, errorDialog: false });
}
