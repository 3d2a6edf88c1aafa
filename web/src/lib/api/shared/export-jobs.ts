import useSWR from 'swr';
import { PRI, apiDownload, apiRequest, type DownloadedFile } from '../client';
import type { Schema } from '../schema';

/** Base path of the background exports (docs/api-contract.md, "Reports"). */
export const EXPORT_JOBS_URL = `${PRI}/reportes/exportaciones`;

/** The state of a background export. */
export type ExportJobState = 'pendiente' | 'procesando' | 'terminada' | 'fallida' | 'expirada';

/** The file formats a report is exported to. */
export type ReportFormat = 'xlsx' | 'csv' | 'pdf';

/** A background export (GET reportes/exportaciones/{id}, and the `reporte:progreso` event). */
export type ExportJob = Omit<Schema<'Exportacion'>, 'estado'> & { estado: ExportJobState };

/** The answer of a call that starts a background export (202). */
export type StartedExport = Schema<'ExportacionCreada'>;

/** SWR key of my exports. */
export const EXPORT_JOBS_KEY = 'reportes.exportaciones';
/** SWR key of one export. */
export const exportJobKey = (id: number) => ['reportes.exportacion', id] as const;

/** GET reportes/exportaciones: mine, newest first. */
export function fetchExportJobs(): Promise<ExportJob[]> {
  return apiRequest<ExportJob[]>(EXPORT_JOBS_URL, { errorDialog: false });
}

/** My exports (kept live by the caller: socket events and polling). */
export function useExportJobs() {
  return useSWR<ExportJob[]>(EXPORT_JOBS_KEY, fetchExportJobs, { revalidateOnFocus: false });
}

/** GET reportes/exportaciones/{id}. */
export function fetchExportJob(id: number): Promise<ExportJob> {
  return apiRequest<ExportJob>(`${EXPORT_JOBS_URL}/${id}`, { errorDialog: false });
}

/** One export; `null` asks nothing. */
export function useExportJob(id: number | null) {
  return useSWR<ExportJob>(id === null ? null : exportJobKey(id), () => fetchExportJob(id as number), {
    revalidateOnFocus: false,
  });
}

/** GET reportes/exportaciones/{id}/archivo: the finished file, with the bearer token. */
export function downloadExportJob(id: number): Promise<DownloadedFile> {
  return apiDownload(`${EXPORT_JOBS_URL}/${id}/archivo`, { errorDialog: false });
}
