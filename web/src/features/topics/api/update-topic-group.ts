import { PRI, apiRequest } from '@/lib/api/client';
import type { NewTopicGroup } from './create-topic-group';

export type TopicGroupUpdate = NewTopicGroup & { activo: 0 | 1 };

/** PUT catalogos/grupos_temas/{id}. */
export function putTopicGroup(id: number, body: TopicGroupUpdate): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/grupos_temas/${id}`, { method: 'PUT', body, errorDialog: false });
}
