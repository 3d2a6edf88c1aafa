import { PRI, apiRequest } from '@/lib/api/client';

/** The answer of POST solicitudes/aceptar: `resp` 1 = ok, otherwise the error text (spec §7). */
export interface AcceptAnswer {
  resp: number | string;
  mensaje?: string;
  etapa?: string;
  estatus?: number;
}

/** POST solicitudes/aceptar/{idsolicitud} `{cve_coordinador?}` (the coordinator sends their cve). */
export function postAcceptRequest(idsolicitud: number, cveCoordinador?: number): Promise<AcceptAnswer> {
  return apiRequest<AcceptAnswer>(`${PRI}/solicitudes/aceptar/${idsolicitud}`, {
    method: 'POST',
    body: cveCoordinador ? { cve_coordinador: cveCoordinador } : {},
    errorDialog: false,
  });
}

/** POST solicitudes/rechazar/{idsolicitud} `{motivo?}`. */
export function postRejectRequest(idsolicitud: number, motivo?: string): Promise<{ resp: string }> {
  return apiRequest(`${PRI}/solicitudes/rechazar/${idsolicitud}`, {
    method: 'POST',
    body: motivo ? { motivo } : {},
    errorDialog: false,
  });
}
