import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** DELETE apis/{id}: calls made with the key are refused from then on. */
export function deleteApiKey(id: number): Promise<Schema<'Resp'>> {
  return apiRequest<Schema<'Resp'>>(`${PRI}/apis/${id}`, { method: 'DELETE', errorDialog: false });
}
