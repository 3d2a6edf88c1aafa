import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

export interface PositionOption {
  cve_puesto: number;
  puesto: string;
}

/** POST catalogos/estructura_puestos/obtenerPuestos `{cve_area_manager}`: positions of a company (N4) and its sub-levels. */
export function fetchPositions(cveN4: number): Promise<PositionOption[]> {
  return apiRequest<PositionOption[]>(`${PRI}/catalogos/estructura_puestos/obtenerPuestos`, {
    method: 'POST',
    body: { cve_area_manager: cveN4 },
    errorDialog: false,
  });
}

/** Positions of the chosen company (N4); none until one is chosen. */
export function usePositions(cveN4: number | null) {
  return useSWR<PositionOption[]>(cveN4 ? ['empleados.puestos', cveN4] : null, () => fetchPositions(cveN4 as number), {
    revalidateOnFocus: false,
  });
}
