import { PRI, apiRequest } from '@/lib/api/client';

export interface NewPosition {
  puesto: string;
  cve_estructura: number;
  descripcion: string;
}

/** POST catalogos/estructura_puestos/crear. */
export function postPosition(body: NewPosition): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/estructura_puestos/crear`, { method: 'POST', body, errorDialog: false });
}
