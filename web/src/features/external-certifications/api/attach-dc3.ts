import type { Schema } from '@/lib/api/schema';
import { apiRequest } from '@/lib/api/client';
import { PROVEEDOR } from './paths';
import type { CambioDc3 } from './types';

/** crear loads a record's first DC-3 (cargarDC3); editar replaces it (cambiarDC3). */
export type UploadMode = 'crear' | 'editar';

/**
 * POST proveedor/cargarDC3 or proveedor/cambiarDC3 `{cve_log, url}`; `resp: 'Error'` is a
 * failure too (spec §7). 409 when the record already has one (crear) or is authorised.
 */
export function postAttachDc3(mode: UploadMode, body: CambioDc3): Promise<Schema<'Resp'>> {
  const path = mode === 'crear' ? 'cargarDC3' : 'cambiarDC3';
  return apiRequest<Schema<'Resp'>>(`${PROVEEDOR}/${path}`, { method: 'POST', body, errorDialog: false });
}
