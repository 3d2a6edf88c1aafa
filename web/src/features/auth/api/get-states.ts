import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

export interface StateOption {
  cve_estado: number | string;
  estado: string;
}

const KEY = `${PRI}/catalogos/estados`;

/** GET /api/pri/catalogos/estados. */
export function fetchStates(): Promise<StateOption[]> {
  return apiRequest<StateOption[]>(KEY, { errorDialog: false });
}

/** States of the country for the registration form. */
export function useStates(enabled: boolean) {
  return useSWR<StateOption[]>(enabled ? KEY : null, fetchStates, { revalidateOnFocus: false });
}
