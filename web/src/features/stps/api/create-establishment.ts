import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The request body, as the server's OpenAPI document describes it. */
export type NewEstablishment = Schema<'Establecimiento'>;

/** POST catalogos/establecimientos_STPS. */
export function postEstablishment(body: NewEstablishment): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/establecimientos_STPS`, { method: 'POST', body, errorDialog: false });
}
