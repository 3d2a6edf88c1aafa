import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The request body, as the server's OpenAPI document describes it. */
export type NewTopicGroup = Schema<'GrupoForm'>;

/** POST catalogos/grupos_temas. */
export function postTopicGroup(body: NewTopicGroup): Promise<{ resp?: string; id_grupo?: number }> {
  return apiRequest(`${PRI}/catalogos/grupos_temas`, { method: 'POST', body, errorDialog: false });
}
