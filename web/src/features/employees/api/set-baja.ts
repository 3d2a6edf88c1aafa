import { PRI, apiRequest } from '@/lib/api/client';

/** POST catalogos/empleados/{cve}/baja `{baja_logica}`: 1 gives the baja lógica (sessions and access end), 0 reactivates. */
export function postBaja(cve: number, bajaLogica: 0 | 1): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/empleados/${cve}/baja`, {
    method: 'POST',
    body: { baja_logica: bajaLogica },
    errorDialog: false,
  });
}
