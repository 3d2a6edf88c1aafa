import { PRI, apiRequest } from '@/lib/api/client';

/** DELETE usuarios/sesiones/eliminar/{cve}/web: ends another user's web session. */
export function deleteWebSession(cve: number): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/usuarios/sesiones/eliminar/${cve}/web`, { method: 'DELETE', errorDialog: false });
}
