import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The request body, as the server's OpenAPI document describes it. */
export type NewAbsence = Schema<'NuevaAusencia'>;

/** POST catalogos/empleados/{cve}/ausencias (no overlap with another; motivo 1–200). */
export function postAbsence(cve: number, body: NewAbsence): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/empleados/${cve}/ausencias`, { method: 'POST', body, errorDialog: false });
}
