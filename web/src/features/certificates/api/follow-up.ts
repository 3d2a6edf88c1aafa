import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { FOLLOW_UP_URL } from './paths';
import type { SeguimientoDc3 } from './types';

/** The first element of every follow-up key: sending e-mails refreshes them all. */
export const FOLLOW_UP_KEY = 'certificados.dc3.seguimiento';

/** SWR key of one year's follow-up. */
export const followUpKey = (anio: number) => [FOLLOW_UP_KEY, anio] as const;

/** GET certificados/dc3/seguimiento?anio=AAAA: the closed courses of the year that owe DC-3s. */
export function fetchFollowUp(anio: number): Promise<SeguimientoDc3[]> {
  return apiRequest<SeguimientoDc3[]>(FOLLOW_UP_URL, { query: { anio }, errorDialog: false });
}

/** One year's courses with DC-3s owed. */
export function useFollowUp(anio: number) {
  return useSWR<SeguimientoDc3[]>(followUpKey(anio), () => fetchFollowUp(anio));
}
