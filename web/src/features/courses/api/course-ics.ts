import { apiDownload, type DownloadedFile } from '@/lib/api/client';
import { courseUrl } from './paths';

/** GET cursos/{cve_curso}/ics: the course's sessions as a calendar file (with the bearer). */
export function downloadCourseIcs(cveCurso: number): Promise<DownloadedFile> {
  return apiDownload(`${courseUrl(cveCurso)}/ics`, { errorDialog: false });
}
