import { PRI, apiRequest } from '@/lib/api/client';

/** DELETE temas/actividades_temas/{cve_tema}/{id}. */
export function deleteActivity(cve: number, id: number): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/temas/actividades_temas/${cve}/${id}`, { method: 'DELETE', errorDialog: false });
}
