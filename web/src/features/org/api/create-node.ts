import { PRI, apiRequest } from '@/lib/api/client';
import type { StructureRow } from './structure-table';
import type { Schema } from '@/lib/api/schema';

/** The request body, as the server's OpenAPI document describes it. */
export type NewNode = Schema<'NewNode'>;

/** POST catalogos/estructura: adds a node under the node of the level above. */
export function postNode(body: NewNode): Promise<StructureRow & { resp?: string }> {
  return apiRequest(`${PRI}/catalogos/estructura`, { method: 'POST', body, errorDialog: false });
}
