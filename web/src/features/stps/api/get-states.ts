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

/** The states for the establishment form. */
export function useStates() {
  return useSWR<State[]>('catalogos.estados', fetchStates, { revalidateOnFocus: false });
}
