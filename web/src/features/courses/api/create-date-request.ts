import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';

/** The body of a course-date request. */
export interface DateRequestBody {
  cve_tema: number;
  fecha_deseada: string;
  empleados?: number[];
  comentario?: string;
}

/** POST cursos/solicitudes_curso. */
export function postDateRequest(body: DateRequestBody): Promise<{ resp: string; cve_solicitud_curso: number }> {
  return apiRequest(`${CURSOS}/solicitudes_curso`, { method: 'POST', body, errorDialog: false });
}
