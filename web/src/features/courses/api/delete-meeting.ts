import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';

/** DELETE cursos/{cve_curso}/reunion. */
export function deleteMeeting(cveCurso: number): Promise<{ resp: string }> {
  return apiRequest(`${courseUrl(cveCurso)}/reunion`, { method: 'DELETE', errorDialog: false });
}
