import useSWR from 'swr';
import { PRI, apiRequest } from '../client';
import type { Schema } from '../schema';

/** A state of the country (shipped catalogue). */
export type State = Schema<'Estado'>;

/** SWR key (and path) of the states. */
export const STATES_KEY = `${PRI}/catalogos/estados`;

/** GET catalogos/estados. */
export function fetchStates(): Promise<State[]> {
  return apiRequest<State[]>(STATES_KEY, { errorDialog: false });
}

/** The states of the country; `enabled = false` skips the request. */
export function useStates(enabled = true) {
  return useSWR<State[]>(enabled ? STATES_KEY : null, fetchStates, { revalidateOnFocus: false });
}
