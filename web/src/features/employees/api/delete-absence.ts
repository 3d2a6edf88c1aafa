import { PRI, apiRequest } from '@/lib/api/client';

/** DELETE catalogos/empleados/{cve}/ausencias/{id}. */
export function deleteAbsence(cve: number, id: number): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/empleados/${cve}/ausencias/${id}`, { method: 'DELETE', errorDialog: false });
}
