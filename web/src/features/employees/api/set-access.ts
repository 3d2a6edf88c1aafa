import { PRI, apiRequest } from '@/lib/api/client';

/** PUT usuarios/{cve}/acceso `{acceso}`: 0 switches the login off (sessions end), 1 back on. */
export function putAccess(cve: number, acceso: 0 | 1): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/usuarios/${cve}/acceso`, { method: 'PUT', body: { acceso }, errorDialog: false });
}
