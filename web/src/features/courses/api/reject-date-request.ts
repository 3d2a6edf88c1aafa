import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';

/** POST cursos/rechazarSolicitudCurso `{cve_solicitud, motivo?}` → `{res: 'Excelente'}`. */
export function postRejectDateRequest(cveSolicitud: number, motivo: string): Promise<{ res: string }> {
  return apiRequest(`${CURSOS}/rechazarSolicitudCurso`, {
    method: 'POST',
    body: { cve_solicitud: cveSolicitud, motivo: motivo || undefined },
    errorDialog: false,
  });
}
