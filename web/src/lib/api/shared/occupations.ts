import useSWR from 'swr';
import { PRI, apiRequest } from '../client';
import type { Schema } from '../schema';

/** An occupation area (two digits) of the national catalogue, with its sub-areas (dd.d). */
export type OccupationArea = Schema<'AreaOcupacional'>;
/** A sub-area of the national occupation catalogue (`dd.d`). */
export type OccupationSubarea = Schema<'Subarea'>;

/** SWR key (and path) of the occupation catalogue. */
export const OCCUPATIONS_KEY = `${PRI}/catalogos/ocupaciones`;

/** GET catalogos/ocupaciones. */
export function fetchOccupations(): Promise<OccupationArea[]> {
  return apiRequest<OccupationArea[]>(OCCUPATIONS_KEY, { errorDialog: false });
}

/** The national occupation catalogue (STPS, read-only); `enabled = false` skips the request. */
export function useOccupations(enabled = true) {
  return useSWR<OccupationArea[]>(enabled ? OCCUPATIONS_KEY : null, fetchOccupations, { revalidateOnFocus: false });
}
