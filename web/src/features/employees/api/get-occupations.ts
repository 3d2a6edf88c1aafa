import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** An occupation area (two digits) of the national catalogue, with its sub-areas (dd.d). */
export interface OccupationArea {
  clave: string;
  nombre: string;
  subareas: { clave: string; nombre: string }[];
}

/** GET catalogos/ocupaciones. */
export function fetchOccupations(): Promise<OccupationArea[]> {
  return apiRequest<OccupationArea[]>(`${PRI}/catalogos/ocupaciones`, { errorDialog: false });
}

/** The national occupation catalogue (STPS) for the DC-3 "ocupación específica". */
export function useOccupations(enabled = true) {
  return useSWR<OccupationArea[]>(enabled ? 'catalogos.ocupaciones' : null, fetchOccupations, { revalidateOnFocus: false });
}
