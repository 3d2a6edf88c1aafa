import { PRI, apiRequest } from '@/lib/api/client';

/** DELETE catalogos/empleados/favoritos/{cve}. */
export function deleteFavorite(cve: number): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/empleados/favoritos/${cve}`, { method: 'DELETE', errorDialog: false });
}
