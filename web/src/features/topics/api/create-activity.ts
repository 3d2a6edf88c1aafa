import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The body of an activity save; `limite_caracteres` only for texto (1–10000). */
export type ActivityPayload = Schema<'Actividad'>;

/** POST temas/actividades_temas/{cve_tema}. */
export function postActivity(cve: number, body: ActivityPayload): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/temas/actividades_temas/${cve}`, { method: 'POST', body, errorDialog: false });
}
