import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The request body, as the server's OpenAPI document describes it. */
export type NewRepresentative = Schema<'NuevoRepresentante'>;

/** POST catalogos/representantes_DC3 → `{resp, cve_representante}`. */
export function postRepresentative(body: NewRepresentative): Promise<{ resp?: string; cve_representante?: number; id?: number }> {
  return apiRequest(`${PRI}/catalogos/representantes_DC3`, { method: 'POST', body, errorDialog: false });
}
