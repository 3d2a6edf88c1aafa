import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { CierreCurso } from './types';

/** POST cursos/{cve_curso}/cerrar: results to the accreditation ledger. */
export function postCloseCourse(cveCurso: number): Promise<CierreCurso> {
  return apiRequest<CierreCurso>(`${courseUrl(cveCurso)}/cerrar`, { method: 'POST', body: {}, errorDialog: false });
}
