import { PRI, apiRequest } from '@/lib/api/client';

/** POST solicitudes/rechazar/{idsolicitud} `{motivo?}`. */
export function postRejectRequest(idsolicitud: number, motivo?: string): Promise<{ resp: string }> {
  return apiRequest(`${PRI}/solicitudes/rechazar/${idsolicitud}`, {
    method: 'POST',
    body: motivo ? { motivo } : {},
    errorDialog: false,
  });
}
