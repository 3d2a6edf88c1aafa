import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** A thematic area of the STPS catalogue (1000 Producción general … 9000 Participación social). */
export interface ThematicArea {
  cve_area: number;
  nombre: string;
  activo: number | string | boolean | null;
}

export const THEMATIC_AREAS_KEY = 'stps.areas_tematicas';

/** GET catalogos/areas_tematicas. */
export function fetchThematicAreas(): Promise<ThematicArea[]> {
  return apiRequest<ThematicArea[]>(`${PRI}/catalogos/areas_tematicas`, { errorDialog: false });
}

/** The shipped thematic areas (read-only). */
export function useThematicAreas() {
  return useSWR<ThematicArea[]>(THEMATIC_AREAS_KEY, fetchThematicAreas, { revalidateOnFocus: false });
}
