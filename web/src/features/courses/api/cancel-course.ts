import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { Respuesta } from './types';

/** POST cursos/{cve_curso}/cancelar `{motivo}`. */
export function postCancelCourse(cveCurso: number, motivo: string): Promise<Respuesta> {
  return apiRequest<Respuesta>(`${courseUrl(cveCurso)}/cancelar`, { method: 'POST', body: { motivo }, errorDialog: false });
}
