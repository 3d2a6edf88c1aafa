import useSWR from 'swr';
import { PRI, apiRequest } from '../client';
import type { Schema } from '../schema';

/** An active topic as the pickers list it. */
export type TopicOption = Schema<'TemaRef'>;

/** Path of the active topics of an area (`/0`: every area). */
export function topicOptionsPath(cveArea = 0): string {
  return `${PRI}/catalogos/temas/listar_temas/${cveArea}`;
}

/** SWR key of the active topics of every area. */
export const TOPIC_OPTIONS_KEY = topicOptionsPath(0);

/** GET catalogos/temas/listar_temas/{cve_area}: active topics of an area (0 = every area). */
export function fetchTopicOptions(cveArea = 0): Promise<TopicOption[]> {
  return apiRequest<TopicOption[]>(topicOptionsPath(cveArea), { errorDialog: false });
}

/** Every active topic (prerequisites, groups, plants, blocks); `enabled = false` skips the request. */
export function useTopicOptions(enabled = true) {
  return useSWR<TopicOption[]>(enabled ? TOPIC_OPTIONS_KEY : null, () => fetchTopicOptions(0), { revalidateOnFocus: false });
}

/** "ABR · Nombre", how a topic reads in a picker. */
export function topicLabel(topic: Pick<TopicOption, 'abreviatura' | 'nombre_tema'>): string {
  return topic.abreviatura ? `${topic.abreviatura} · ${topic.nombre_tema}` : topic.nombre_tema;
}
