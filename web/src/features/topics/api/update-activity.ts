import { PRI, apiRequest } from '@/lib/api/client';
import type { ActivityPayload } from './create-activity';

/** PUT temas/actividades_temas/{cve_tema}/{id}. */
export function putActivity(cve: number, id: number, body: ActivityPayload): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/temas/actividades_temas/${cve}/${id}`, { method: 'PUT', body, errorDialog: false });
}
