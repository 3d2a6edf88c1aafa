import type { ReportFormat } from '@/lib/api/shared/export-jobs';

/** Up to this many rows an export is downloaded at once; above it, prepared in the background. */
export const SYNC_EXPORT_LIMIT = 10_000;
/** The server makes a PDF only up to this many rows (422 `reportes.pdf_demasiadas_filas` above). */
export const PDF_ROW_LIMIT = 2_000;

/** The formats of the export menu, in its order. */
export const REPORT_FORMATS: readonly ReportFormat[] = ['xlsx', 'csv', 'pdf'];

/** How an export of `count` rows is made: now (the table's endpoint) or as a background job. */
export function exportMode(count: number | null): 'now' | 'background' {
  return count !== null && count > SYNC_EXPORT_LIMIT ? 'background' : 'now';
}

/** Whether a format can be asked for with `count` rows. */
export function formatAllowed(format: ReportFormat, count: number | null): boolean {
  return format !== 'pdf' || count === null || count <= PDF_ROW_LIMIT;
}
