import { PRI, apiRequest } from '@/lib/api/client';

/** POST mobile/cursos/confirmar_asistencia `{cve_inscripcion_ai}` (the plan's 'Confirmar asistencia'). */
export function postConfirmAttendance(cveInscripcion: number): Promise<{ resp: string }> {
  return apiRequest(`${PRI}/mobile/cursos/confirmar_asistencia`, {
    method: 'POST',
    body: { cve_inscripcion_ai: cveInscripcion },
    errorDialog: false,
  });
}
