import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { topicExamUrl } from './paths';
import type { ExamenTema, ExamenTemaForm } from './types';

/** SWR key of a topic's exam definition. */
export const topicExamKey = (cveTema: number) => ['examenes.tema', cveTema] as const;

/** GET temas/{cve_tema}/examen. */
export function useTopicExam(cveTema: number) {
  return useSWR<ExamenTema>(topicExamKey(cveTema), () => apiRequest<ExamenTema>(topicExamUrl(cveTema), { errorDialog: false }), {
    revalidateOnFocus: false,
  });
}

/** PUT temas/{cve_tema}/examen. */
export function putTopicExam(cveTema: number, body: ExamenTemaForm): Promise<ExamenTema> {
  return apiRequest<ExamenTema>(topicExamUrl(cveTema), { method: 'PUT', body, errorDialog: false });
}

/** DELETE temas/{cve_tema}/examen: back to the defaults. */
export function deleteTopicExam(cveTema: number): Promise<{ resp: string }> {
  return apiRequest<{ resp: string }>(topicExamUrl(cveTema), { method: 'DELETE', errorDialog: false });
}
