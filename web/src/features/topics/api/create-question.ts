import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The body of a question save (unica: ≥ 2 options, one correct; multiple: ≥ 2, some correct; abierta: none). */
export type QuestionPayload = Schema<'PreguntaForm'>;

/** POST temas/preguntas/{cve_tema}. */
export function postQuestion(cve: number, body: QuestionPayload): Promise<{ resp?: string; id_pregunta?: number }> {
  return apiRequest(`${PRI}/temas/preguntas/${cve}`, { method: 'POST', body, errorDialog: false });
}
