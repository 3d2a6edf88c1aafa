import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { TopicPayload } from './topic-payload';

/** GET catalogos/temas/ver_tema/{cve}: the topic JSON plus its links and counts. */
export type TopicDetail = Partial<Omit<TopicPayload, 'prerrequisitos' | 'etiquetas'>> & {
  cve_tema: number;
  abreviatura: string;
  nombre_tema: string;
  imagen_url?: string | null;
  material_participante_url?: string | null;
  material_instructor_url?: string | null;
  /** Prerequisite topics: keys, or topic objects. */
  prerrequisitos?: (number | { cve_tema: number })[] | null;
  etiquetas?: (string | { etiqueta: string })[] | null;
  total_preguntas?: number | null;
  total_actividades?: number | null;
  /** Average rating out of 5 (one decimal), null while nobody rated it; how many rated it. */
  rating?: number | null;
  votos?: number | null;
  [extra: string]: unknown;
};

/** SWR key of one topic's detail. */
export const topicKey = (cve: number) => ['catalogos.temas.ver', cve] as const;

/** GET catalogos/temas/ver_tema/{cve_tema}. */
export async function fetchTopic(cve: number): Promise<TopicDetail> {
  const answer = await apiRequest<TopicDetail | TopicDetail[]>(`${PRI}/catalogos/temas/ver_tema/${cve}`, {
    errorDialog: false,
  });
  return Array.isArray(answer) ? (answer[0] as TopicDetail) : answer;
}

/** One topic's detail; `null` skips the request. */
export function useTopic(cve: number | null) {
  return useSWR<TopicDetail>(cve ? topicKey(cve) : null, () => fetchTopic(cve as number), { revalidateOnFocus: false });
}
