import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The request body, as the server's OpenAPI document describes it. */
export type NewPosition = Schema<'NewPosition'>;

/** POST catalogos/estructura_puestos/crear. */
export function postPosition(body: NewPosition): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/estructura_puestos/crear`, { method: 'POST', body, errorDialog: false });
}
