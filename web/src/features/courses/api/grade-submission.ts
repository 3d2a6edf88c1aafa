import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';
import type { Respuesta } from './types';

/** PUT cursos/entregas/{id_entrega}/calificacion `{calificacion 0–100, comentario?}`. */
export function putSubmissionGrade(idEntrega: number, calificacion: number, comentario: string): Promise<Respuesta> {
  return apiRequest<Respuesta>(`${CURSOS}/entregas/${idEntrega}/calificacion`, {
    method: 'PUT',
    body: { calificacion, comentario: comentario || undefined },
    errorDialog: false,
  });
}
