import { PRI, apiRequest } from '@/lib/api/client';
import type { QuestionType } from './get-questions';

/** The body of a question save (unica: ≥ 2 options, one correct; multiple: ≥ 2, some correct; abierta: none). */
export interface QuestionPayload {
  pregunta: string;
  tipo: QuestionType;
  respuestas: { texto: string; correcta: 0 | 1 }[];
}

/** POST temas/preguntas/{cve_tema}. */
export function postQuestion(cve: number, body: QuestionPayload): Promise<{ resp?: string; id_pregunta?: number }> {
  return apiRequest(`${PRI}/temas/preguntas/${cve}`, { method: 'POST', body, errorDialog: false });
}
