import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** A sub-area of the national occupation catalogue (`dd.d`). */
export interface OccupationSubarea {
  clave: string;
  nombre: string;
}

/** An occupation area (two digits) with its sub-areas. */
export interface OccupationArea {
  clave: string;
  nombre: string;
  subareas: OccupationSubarea[];
}

export const OCCUPATIONS_KEY = 'stps.ocupaciones';

/** GET catalogos/ocupaciones. */
export function fetchOccupations(): Promise<OccupationArea[]> {
  return apiRequest<OccupationArea[]>(`${PRI}/catalogos/ocupaciones`, { errorDialog: false });
}

/** The shipped occupation catalogue (read-only). */
export function useOccupations() {
  return useSWR<OccupationArea[]>(OCCUPATIONS_KEY, fetchOccupations, { revalidateOnFocus: false });
}
