import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';

/** POST cursos/{cve_curso}/reunion: (re)creates the course's meeting. */
export function postMeeting(cveCurso: number): Promise<{ resp: string; reunion_url?: string | null }> {
  return apiRequest(`${courseUrl(cveCurso)}/reunion`, { method: 'POST', body: {}, errorDialog: false });
}
