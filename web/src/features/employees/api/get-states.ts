import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

export interface StateItem {
  cve_estado: number;
  estado: string;
}

/** GET catalogos/estados. */
export function fetchStates(): Promise<StateItem[]> {
  return apiRequest<StateItem[]>(`${PRI}/catalogos/estados`, { errorDialog: false });
}

/** The Mexican states (a shipped catalogue). */
export function useStates(enabled = true) {
  return useSWR<StateItem[]>(enabled ? 'catalogos.estados' : null, fetchStates, { revalidateOnFocus: false });
}
