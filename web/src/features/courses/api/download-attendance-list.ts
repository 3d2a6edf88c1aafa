import { apiDownload, type DownloadedFile } from '@/lib/api/client';
import { courseUrl } from './paths';

/** GET cursos/{cve_curso}/lista_asistencia: the signed list. */
export function downloadAttendanceList(cveCurso: number): Promise<DownloadedFile> {
  return apiDownload(`${courseUrl(cveCurso)}/lista_asistencia`, { errorDialog: false });
}
