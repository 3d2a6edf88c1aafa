import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { Asistencia, Respuesta } from './types';

/** One cell of the attendance grid. */
export interface RegistroAsistencia {
  cve_inscripcion_ai: number;
  id_sesion: number;
  asistencia: Exclude<Asistencia, null>;
}

/** PUT cursos/{cve_curso}/asistencia `{registros}`. */
export function putAttendance(cveCurso: number, registros: RegistroAsistencia[]): Promise<Respuesta> {
  return apiRequest<Respuesta>(`${courseUrl(cveCurso)}/asistencia`, { method: 'PUT', body: { registros }, errorDialog: false });
}
