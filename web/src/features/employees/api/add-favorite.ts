import { PRI, apiRequest } from '@/lib/api/client';

/** POST catalogos/empleados/favoritos/{cve}. */
export function postFavorite(cve: number): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/empleados/favoritos/${cve}`, { method: 'POST', body: {}, errorDialog: false });
}
