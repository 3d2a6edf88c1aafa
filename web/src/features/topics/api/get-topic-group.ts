import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** GET grupos_temas/{id}: the group with its topics (keys, or topic objects). */
export interface TopicGroupDetail {
  id_grupo: number;
  nombre: string;
  descripcion: string | null;
  activo: number | string | boolean | null;
  temas: (number | { cve_tema: number })[];
}

/** GET catalogos/grupos_temas/{id}. */
export async function fetchTopicGroup(id: number): Promise<TopicGroupDetail> {
  const answer = await apiRequest<TopicGroupDetail | TopicGroupDetail[]>(`${PRI}/catalogos/grupos_temas/${id}`, {
    errorDialog: false,
  });
  return Array.isArray(answer) ? (answer[0] as TopicGroupDetail) : answer;
}

/** One topic group; `null` skips the request. */
export function useTopicGroup(id: number | null) {
  return useSWR<TopicGroupDetail>(id ? ['catalogos.grupos_temas', id] : null, () => fetchTopicGroup(id as number), {
    revalidateOnFocus: false,
  });
}
