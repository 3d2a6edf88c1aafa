import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** A new key: its name and the names of the profiles it may create. */
export type NewApiKey = Schema<'NewApi'>;

/** The created key; `token` is the only time the key itself is ever sent. */
export type CreatedApiKey = Schema<'NewApiResp'>;

/** POST apis `{nombre, perfiles}` → the key with its token (shown once). */
export function postApiKey(body: NewApiKey): Promise<CreatedApiKey> {
  return apiRequest<CreatedApiKey>(`${PRI}/apis`, { method: 'POST', body, errorDialog: false });
}
