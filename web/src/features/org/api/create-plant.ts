import { PRI, apiRequest } from '@/lib/api/client';

export interface NewPlant {
  nombre: string;
  /** The company (an N4 node). */
  cve_n4: number;
  cve_estado: number;
  ciudad: string;
}

/** POST catalogos/plantas. */
export function postPlant(body: NewPlant): Promise<{ resp?: string; cve_planta?: number }> {
  return apiRequest(`${PRI}/catalogos/plantas`, { method: 'POST', body, errorDialog: false });
}
