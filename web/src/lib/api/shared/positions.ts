import useSWR from 'swr';
import { PRI, apiRequest } from '../client';
import type { Schema } from '../schema';

/** A position of a company. */
export type PositionOption = Schema<'PuestoItem'>;

/** Path of the positions of a company. */
export const POSITIONS_PATH = `${PRI}/catalogos/estructura_puestos/obtenerPuestos`;

/** SWR key of the positions of a company (N4). */
export function positionsKey(cveN4: number): [string, number] {
  return [POSITIONS_PATH, cveN4];
}

/** POST catalogos/estructura_puestos/obtenerPuestos `{cve_area_manager}`: positions of a company (N4) and its sub-levels. */
export function fetchPositions(cveN4: number): Promise<PositionOption[]> {
  const body: Schema<'PuestosBody'> = { cve_area_manager: cveN4 };
  return apiRequest<PositionOption[]>(POSITIONS_PATH, { method: 'POST', body, errorDialog: false });
}

/** Positions of the chosen company (N4); none until one is chosen. */
export function usePositions(cveN4: number | null) {
  return useSWR<PositionOption[]>(cveN4 ? positionsKey(cveN4) : null, () => fetchPositions(cveN4 as number), {
    revalidateOnFocus: false,
  });
}
