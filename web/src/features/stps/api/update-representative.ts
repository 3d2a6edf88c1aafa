import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The request body, as the server's OpenAPI document describes it. */
export type RepresentativeUpdate = Schema<'RepresentanteUpdate'>;

/** PUT catalogos/representantes_DC3/{id}. */
export function putRepresentative(id: number, body: RepresentativeUpdate): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/representantes_DC3/${id}`, { method: 'PUT', body, errorDialog: false });
}
