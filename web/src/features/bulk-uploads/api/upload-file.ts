import { apiRequest } from '@/lib/api/client';
import { UPLOADS_URL, type UploadType } from './upload-types';

/** POST cargas_masivas/{tipo} (multipart `archivo`) → 202 `{resp, id_carga}`. */
export function postUpload(tipo: UploadType, file: File): Promise<{ resp?: string; id_carga: number }> {
  const body = new FormData();
  body.append('archivo', file);
  return apiRequest(`${UPLOADS_URL}/${tipo}`, { method: 'POST', body, errorDialog: false });
}
