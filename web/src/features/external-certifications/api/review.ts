import type { Schema } from '@/lib/api/schema';
import { apiRequest } from '@/lib/api/client';
import { logUrl } from './paths';
import type { Autorizacion, Rechazo } from './types';

/**
 * PUT proveedor/log/{cve_log}/autorizar: writes the accreditation (422 without a DC-3, 409
 * when already reviewed). The caller shows failures.
 */
export function putAuthorize(cveLog: number): Promise<Autorizacion> {
  return apiRequest<Autorizacion>(`${logUrl(cveLog)}/autorizar`, { method: 'PUT', body: {}, errorDialog: false });
}

/** PUT proveedor/log/{cve_log}/rechazar `{motivo}` (1–500 characters), which the supplier sees. */
export function putReject(cveLog: number, motivo: string): Promise<Schema<'Resp'>> {
  const body: Rechazo = { motivo };
  return apiRequest<Schema<'Resp'>>(`${logUrl(cveLog)}/rechazar`, { method: 'PUT', body, errorDialog: false });
}
