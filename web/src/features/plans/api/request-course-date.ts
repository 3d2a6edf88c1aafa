import { PRI, apiRequest } from '@/lib/api/client';

/** POST cursos/solicitudes_curso `{cve_tema, fecha_deseada, comentario?}`: ask for a course date. */
export function postCourseDateRequest(body: { cve_tema: number; fecha_deseada: string; comentario?: string }): Promise<{ resp: string; cve_solicitud_curso: number }> {
  return apiRequest(`${PRI}/cursos/solicitudes_curso`, { method: 'POST', body, errorDialog: false });
}
