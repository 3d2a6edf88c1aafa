import { apiDownload, type DownloadedFile } from '@/lib/api/client';
import { UPLOADS_URL } from './upload-types';

/** GET cargas_masivas/{id_carga}/errores: xlsx with fila, columna, valor, motivo. */
export function downloadErrorReport(id: number): Promise<DownloadedFile> {
  return apiDownload(`${UPLOADS_URL}/${id}/errores`);
}
