import { PRI, apiRequest } from '@/lib/api/client';

export interface PositionUpdate {
  puesto: string;
  descripcion: string;
  activo: 0 | 1;
}

/** PUT catalogos/estructura_puestos/{cve_puesto}. */
export function putPosition(cve: number, body: PositionUpdate): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/estructura_puestos/${cve}`, { method: 'PUT', body, errorDialog: false });
}
