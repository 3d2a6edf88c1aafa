import useSWR from 'swr';
import { PRI, apiRequest } from '../api/client';
import type { Cia } from './types';

export const CIA_KEY = `${PRI}/cia`;

/** GET /api/pri/cia: the company configuration (público). */
export function fetchCia(): Promise<Cia> {
  return apiRequest<Cia>(CIA_KEY, { errorDialog: false });
}

/** Company configuration, shared by the theme, Login and the shell. */
export function useCia() {
  return useSWR<Cia>(CIA_KEY, fetchCia, {
    revalidateOnFocus: false,
    dedupingInterval: 60_000,
  });
}
