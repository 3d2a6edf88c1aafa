import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

export interface Position {
  cve_puesto: number | string;
  puesto: string;
}

/** POST catalogos/estructura_puestos/obtenerPuestos `{cve_area_manager}` → positions of a company. */
export function fetchPositions(n4: string): Promise<Position[]> {
  return apiRequest<Position[]>(`${PRI}/catalogos/estructura_puestos/obtenerPuestos`, {
    method: 'POST',
    // The company id comes from the combo as text; the server wants a number.
    body: { cve_area_manager: /^\d+$/.test(n4) ? Number(n4) : n4 },
    errorDialog: false,
  });
}

/** Positions once a company is chosen. */
export function usePositions(n4: string | null) {
  return useSWR<Position[]>(n4 ? ['puestos', n4] : null, () => fetchPositions(n4 as string), {
    revalidateOnFocus: false,
  });
}
