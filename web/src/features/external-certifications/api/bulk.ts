import { apiDownload, apiRequest, type DownloadedFile } from '@/lib/api/client';
import { PROVEEDOR } from './paths';
import type { AltaCertificaciones, FilasCertificaciones, ResultadoAlta, UploadRecord } from './types';

/** GET proveedor/plantilla: the bulk template (xlsx), with the bearer header like every call. */
export function downloadTemplate(): Promise<DownloadedFile> {
  return apiDownload(`${PROVEEDOR}/plantilla`, { errorDialog: false });
}

/**
 * POST proveedor/alta/archivo (multipart `archivo`): the rows of an xls/xlsx, dates as
 * YYYY-MM-DD, for the client to send in batches (415, 422 for a wrong file).
 */
export function postSheet(file: File): Promise<FilasCertificaciones> {
  const body = new FormData();
  body.append('archivo', file, file.name);
  return apiRequest<FilasCertificaciones>(`${PROVEEDOR}/alta/archivo`, { method: 'POST', body, errorDialog: false });
}

/**
 * POST proveedor/alta: 1–100 certifications; the valid ones are stored as Enviado and each
 * refused one is reported with its 0-based index in the batch.
 */
export function postCertifications(rows: UploadRecord[]): Promise<ResultadoAlta> {
  const body: AltaCertificaciones = { empleados_calificaciones: rows };
  return apiRequest<ResultadoAlta>(`${PROVEEDOR}/alta`, { method: 'POST', body, errorDialog: false });
}
