import { PRI, apiRequest } from '@/lib/api/client';
import { blockFormData, type BlockPayload } from './block-payload';

/** PUT catalogos/bloques_cursos/{id} (multipart; `imagen` only when replaced). */
export function putBlock(id: number, datos: BlockPayload, imagen: File | null): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/bloques_cursos/${id}`, {
    method: 'PUT',
    body: blockFormData(datos, imagen),
    errorDialog: false,
  });
}
