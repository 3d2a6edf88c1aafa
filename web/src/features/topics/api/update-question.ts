import { PRI, apiRequest } from '@/lib/api/client';
import type { QuestionPayload } from './create-question';

/** PUT temas/preguntas/{cve_tema}/{id_pregunta}. */
export function putQuestion(cve: number, id: number, body: QuestionPayload): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/temas/preguntas/${cve}/${id}`, { method: 'PUT', body, errorDialog: false });
}
