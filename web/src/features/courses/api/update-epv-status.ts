import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { Respuesta } from './types';

/** PUT cursos/{cve_curso}/epv `{estatus_epv}`: 0 borrador, 1 publicado, 2 cerrado. */
export function putEpvStatus(cveCurso: number, estatusEpv: 0 | 1 | 2): Promise<Respuesta> {
  return apiRequest<Respuesta>(`${courseUrl(cveCurso)}/epv`, { method: 'PUT', body: { estatus_epv: estatusEpv }, errorDialog: false });
}
