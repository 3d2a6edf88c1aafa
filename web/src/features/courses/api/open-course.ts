import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';

/** POST cursos/{cve_curso}/abrir: reopens a closed course, withdrawing what closing wrote. */
export function postOpenCourse(cveCurso: number): Promise<{ resp: string; retiradas: number }> {
  return apiRequest(`${courseUrl(cveCurso)}/abrir`, { method: 'POST', body: {}, errorDialog: false });
}
