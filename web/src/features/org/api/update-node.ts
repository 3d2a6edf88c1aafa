import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The request body, as the server's OpenAPI document describes it. */
export type NodeUpdate = Schema<'NodeUpdate'>;

/** PUT catalogos/estructura/{cve_estructura}: renames or (de)activates a node. */
export function putNode(cve: number, body: NodeUpdate): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/estructura/${cve}`, { method: 'PUT', body, errorDialog: false });
}
