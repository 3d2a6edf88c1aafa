import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { CursoBody, CursoGuardado } from './types';

/** PUT cursos/{cve_curso}. */
export function putCourse(cveCurso: number, body: CursoBody): Promise<CursoGuardado> {
  return apiRequest<CursoGuardado>(courseUrl(cveCurso), { method: 'PUT', body, errorDialog: false });
}
