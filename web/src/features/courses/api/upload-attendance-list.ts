import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { Respuesta } from './types';

/** POST cursos/{cve_curso}/lista_asistencia (multipart `archivo`: PDF, PNG or JPEG, ≤ 8 MB). */
export function postAttendanceList(cveCurso: number, archivo: File): Promise<Respuesta> {
  const body = new FormData();
  body.append('archivo', archivo);
  return apiRequest<Respuesta>(`${courseUrl(cveCurso)}/lista_asistencia`, { method: 'POST', body, errorDialog: false });
}
