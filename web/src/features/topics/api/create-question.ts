import { PRI, apiRequest } from '@/lib/api/client';
import type { QuestionType } from './get-questions';

/** The body of a question save (unica: ≥ 2 options, one correct; multiple: ≥ 2, some correct; abierta: none). */
export interface QuestionPayload {
  pregunta: string;
  tipo: QuestionType;
  /** `correcta` is a JSON boolean: the server refuses 0/1 (400 `http.json_campos`). */
  respuestas: { texto: string; correcta: boolean }[];
}

/** POST temas/preguntas/{cve_tema}. */
export function postQuestion(cve: number, body: QuestionPayload): Promise<{ resp?: string; id_pregunta?: number }> {
  return apiRequest(`${PRI}/temas/preguntas/${cve}`, { method: 'POST', body, errorDialog: false });
}
