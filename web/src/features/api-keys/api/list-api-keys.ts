import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** An API key as listed (never the key itself): its allowed profiles come only from here. */
export type ApiKeyEntry = Schema<'ApiEntry'>;

/** Path (and SWR key) of the API keys list. */
export const API_KEYS_PATH = `${PRI}/apis`;

/** GET apis → every key, newest first, with the profiles it may create. */
export function fetchApiKeys(): Promise<ApiKeyEntry[]> {
  return apiRequest<ApiKeyEntry[]>(API_KEYS_PATH, { errorDialog: false });
}

/** The API keys list (for each key's allowed profiles next to the table's rows). */
export function useApiKeys() {
  return useSWR<ApiKeyEntry[]>(API_KEYS_PATH, fetchApiKeys, { revalidateOnFocus: false });
}
