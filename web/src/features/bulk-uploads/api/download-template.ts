import { apiDownload, type DownloadedFile } from '@/lib/api/client';
import { UPLOADS_URL, type UploadType } from './upload-types';

/** GET cargas_masivas/plantillas/{tipo}: the xlsx template (headers, an example row, instructions). */
export function downloadTemplate(tipo: UploadType): Promise<DownloadedFile> {
  return apiDownload(`${UPLOADS_URL}/plantillas/${tipo}`);
}
