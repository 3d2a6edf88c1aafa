import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

export const QUESTION_TYPES = ['unica', 'multiple', 'abierta'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** One option of a choice question. */
export interface Answer {
  id_respuesta?: number;
  texto: string;
  correcta: number | boolean;
}

/** One question of a topic's bank. */
export interface Question {
  id_pregunta: number;
  pregunta: string;
  tipo: QuestionType;
  respuestas: Answer[];
}

/** SWR key of a topic's question bank. */
export const questionsKey = (cve: number) => ['temas.preguntas', cve] as const;

/** GET temas/preguntas/{cve_tema}. */
export function fetchQuestions(cve: number): Promise<Question[]> {
  return apiRequest<Question[]>(`${PRI}/temas/preguntas/${cve}`, { errorDialog: false });
}

/** A topic's question bank. */
export function useQuestions(cve: number) {
  return useSWR<Question[]>(questionsKey(cve), () => fetchQuestions(cve), { revalidateOnFocus: false });
}
