import { PRI, apiRequest } from '@/lib/api/client';

/** PUT catalogos/bloques_cursos/{id}/temas: the block's topics, in order. */
export function putBlockTopics(id: number, temas: number[]): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/bloques_cursos/${id}/temas`, { method: 'PUT', body: { temas }, errorDialog: false });
}
