import { PRI, apiRequest } from '@/lib/api/client';

/** POST catalogos/tipos_bloque: a new block type. */
export function postBlockType(nombre_tipo_bloque: string): Promise<{ resp?: string; id_tipo_bloque: number }> {
  return apiRequest(`${PRI}/catalogos/tipos_bloque`, { method: 'POST', body: { nombre_tipo_bloque }, errorDialog: false });
}
