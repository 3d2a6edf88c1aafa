import { PRI, apiRequest } from '@/lib/api/client';

/** DELETE temas/preguntas/{cve_tema}/{id_pregunta}. */
export function deleteQuestion(cve: number, id: number): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/temas/preguntas/${cve}/${id}`, { method: 'DELETE', errorDialog: false });
}
