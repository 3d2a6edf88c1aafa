import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The request body, as the server's OpenAPI document describes it. */
export type NewPlant = Schema<'NewPlant'>;

/** POST catalogos/plantas. */
export function postPlant(body: NewPlant): Promise<{ resp?: string; cve_planta?: number }> {
  return apiRequest(`${PRI}/catalogos/plantas`, { method: 'POST', body, errorDialog: false });
}
