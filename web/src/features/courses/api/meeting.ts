import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';

/** POST cursos/{cve_curso}/reunion: (re)creates the course's meeting. */
export function postMeeting(cveCurso: number): Promise<{ resp: string; reunion_url?: string | null }> {
  return apiRequest(`${courseUrl(cveCurso)}/reunion`, { method: 'POST', body: {}, errorDialog: false });
}

/** DELETE cursos/{cve_curso}/reunion. */
export function deleteMeeting(cveCurso: number): Promise<{ resp: string }> {
  return apiRequest(`${courseUrl(cveCurso)}/reunion`, { method: 'DELETE', errorDialog: false });
}
