import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { CalificacionBody, Respuesta } from './types';

/** PUT cursos/{cve_curso}/evaluacion `{calificaciones}`. */
export function putGrades(cveCurso: number, calificaciones: CalificacionBody[]): Promise<Respuesta> {
  return apiRequest<Respuesta>(`${courseUrl(cveCurso)}/evaluacion`, { method: 'PUT', body: { calificaciones }, errorDialog: false });
}
