import { apiRequest } from '@/lib/api/client';
import { REVIEW_URL } from './paths';
import type { CalificacionRespuesta } from './types';

/** Table engine url of the grading queue of open answers. */
export const REVIEW_TABLE_URL = `${REVIEW_URL}/tabla`;

/** PUT examenes/revision/{id_respuesta}: the instructor's score, 0–100. */
export function putAnswerScore(idRespuesta: number, puntaje: number): Promise<CalificacionRespuesta> {
  return apiRequest<CalificacionRespuesta>(`${REVIEW_URL}/${idRespuesta}`, { method: 'PUT', body: { puntaje }, errorDialog: false });
}
