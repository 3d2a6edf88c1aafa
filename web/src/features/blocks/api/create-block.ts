import { PRI, apiRequest } from '@/lib/api/client';
import { blockFormData, type BlockPayload } from './block-payload';

/** POST catalogos/bloques_cursos/crear_bloque (multipart; `imagen` required). */
export function postBlock(datos: BlockPayload, imagen: File | null): Promise<{ resp?: string; id_bloque: number }> {
  return apiRequest(`${PRI}/catalogos/bloques_cursos/crear_bloque`, {
    method: 'POST',
    body: blockFormData(datos, imagen),
    errorDialog: false,
  });
}
