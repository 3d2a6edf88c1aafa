import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The request body, as the server's OpenAPI document describes it. */
export type PositionUpdate = Schema<'PositionUpdate'>;

/** PUT catalogos/estructura_puestos/{cve_puesto}. */
export function putPosition(cve: number, body: PositionUpdate): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/estructura_puestos/${cve}`, { method: 'PUT', body, errorDialog: false });
}
