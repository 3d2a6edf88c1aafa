import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';
import type { CursoBody, CursoGuardado } from './types';

/** POST cursos/programar. */
export function postCourse(body: CursoBody): Promise<CursoGuardado> {
  return apiRequest<CursoGuardado>(`${CURSOS}/programar`, { method: 'POST', body, errorDialog: false });
}
