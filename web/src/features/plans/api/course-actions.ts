import { PRI, apiRequest } from '@/lib/api/client';

/** POST mobile/cursos/confirmar_asistencia `{cve_inscripcion_ai}` (the plan's 'Confirmar asistencia'). */
export function postConfirmAttendance(cveInscripcion: number): Promise<{ resp: string }> {
  return apiRequest(`${PRI}/mobile/cursos/confirmar_asistencia`, {
    method: 'POST',
    body: { cve_inscripcion_ai: cveInscripcion },
    errorDialog: false,
  });
}

/** PUT mobile/temas/material/completado/{cve_inscripcion_ai} → `{resp: 'Material Completado'}`. */
export function putMaterialCompleted(cveInscripcion: number): Promise<{ resp: string }> {
  return apiRequest(`${PRI}/mobile/temas/material/completado/${cveInscripcion}`, { method: 'PUT', body: {}, errorDialog: false });
}

/** POST cursos/solicitudes_curso `{cve_tema, fecha_deseada, comentario?}`: ask for a course date. */
export function postCourseDateRequest(body: { cve_tema: number; fecha_deseada: string; comentario?: string }): Promise<{ resp: string; cve_solicitud_curso: number }> {
  return apiRequest(`${PRI}/cursos/solicitudes_curso`, { method: 'POST', body, errorDialog: false });
}
