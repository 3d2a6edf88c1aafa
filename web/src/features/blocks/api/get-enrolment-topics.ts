import { PRI, apiRequest } from '@/lib/api/client';
import type { BlockTopic } from './get-block';

/**
 * GET catalogos/asignacion_bloques/{id}/temas: the ordered topics staff would be enrolled
 * into; 409 `bloque.sin_temas` when the block has none.
 */
export async function fetchEnrolmentTopics(id: number): Promise<BlockTopic[]> {
  const answer = await apiRequest<BlockTopic[] | { temas?: BlockTopic[] }>(`${PRI}/catalogos/asignacion_bloques/${id}/temas`, {
    errorDialog: false,
  });
  const list = Array.isArray(answer) ? answer : (answer?.temas ?? []);
  return [...list].sort((a, b) => (a.orden ?? 0) - (b.orden ?? 0));
}
