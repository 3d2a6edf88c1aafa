import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';

/** POST cursos/{cve_curso}/solicitar `{cve_empleado?}`: the two-step seat request. */
export function postSeatRequest(cveCurso: number, cveEmpleado?: number): Promise<{ resp: string; idsolicitud: number; etapa: string }> {
  return apiRequest(`${courseUrl(cveCurso)}/solicitar`, {
    method: 'POST',
    body: cveEmpleado ? { cve_empleado: cveEmpleado } : {},
    errorDialog: false,
  });
}
