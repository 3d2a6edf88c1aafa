import { PRI, apiRequest } from '@/lib/api/client';
import type { StructureRow } from './structure-table';

export interface NewNode {
  nivel: number;
  nombre: string;
  /** The node of the level above; null for N2. */
  cve_padre: number | null;
}

/** POST catalogos/estructura: adds a node under the node of the level above. */
export function postNode(body: NewNode): Promise<StructureRow & { resp?: string }> {
  return apiRequest(`${PRI}/catalogos/estructura`, { method: 'POST', body, errorDialog: false });
}
