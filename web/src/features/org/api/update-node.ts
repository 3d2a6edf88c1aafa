import { PRI, apiRequest } from '@/lib/api/client';

export interface NodeUpdate {
  nombre: string;
  activo: 0 | 1;
}

/** PUT catalogos/estructura/{cve_estructura}: renames or (de)activates a node. */
export function putNode(cve: number, body: NodeUpdate): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/estructura/${cve}`, { method: 'PUT', body, errorDialog: false });
}
