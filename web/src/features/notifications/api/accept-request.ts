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
