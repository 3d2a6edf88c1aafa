import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** An active topic as the pickers list it. */
export interface TopicOption {
  cve_tema: number;
  abreviatura: string;
  nombre_tema: string;
  modalidad: string | null;
}

/** GET catalogos/temas/listar_temas/{cve_area}: active topics of an area (0 = every area). */
export function fetchTopicOptions(cveArea = 0): Promise<TopicOption[]> {
  return apiRequest<TopicOption[]>(`${PRI}/catalogos/temas/listar_temas/${cveArea}`, { errorDialog: false });
}

/** Every active topic, for prerequisites, groups and plants; `null` skips the request. */
export function useTopicOptions(enabled = true) {
  return useSWR<TopicOption[]>(enabled ? ['catalogos.temas.listar', 0] : null, () => fetchTopicOptions(0), {
    revalidateOnFocus: false,
  });
}

/** "ABR · Nombre", how a topic reads in a picker. */
export function topicLabel(topic: Pick<TopicOption, 'abreviatura' | 'nombre_tema'>): string {
  return topic.abreviatura ? `${topic.abreviatura} · ${topic.nombre_tema}` : topic.nombre_tema;
}
