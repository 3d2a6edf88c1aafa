import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

export interface State {
  cve_estado: number;
  estado: string;
}

/** GET catalogos/estados. */
export function fetchStates(): Promise<State[]> {
  return apiRequest<State[]>(`${PRI}/catalogos/estados`);
}

/** The states for the plant form. */
export function useStates(enabled = true) {
  return useSWR<State[]>(enabled ? 'catalogos.estados' : null, fetchStates, { revalidateOnFocus: false });
}
