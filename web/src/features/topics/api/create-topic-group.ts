import { PRI, apiRequest } from '@/lib/api/client';

export interface NewTopicGroup {
  nombre: string;
  descripcion: string;
  temas: number[];
}

/** POST catalogos/grupos_temas. */
export function postTopicGroup(body: NewTopicGroup): Promise<{ resp?: string; id_grupo?: number }> {
  return apiRequest(`${PRI}/catalogos/grupos_temas`, { method: 'POST', body, errorDialog: false });
}
