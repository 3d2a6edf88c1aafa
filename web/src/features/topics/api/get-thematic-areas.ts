import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** An STPS thematic area (1000 Producción general … 9000 Participación social). */
export interface ThematicArea {
  cve_area: number;
  nombre: string;
  activo?: number;
}

/** GET catalogos/areas_tematicas. */
export function fetchThematicAreas(): Promise<ThematicArea[]> {
  return apiRequest<ThematicArea[]>(`${PRI}/catalogos/areas_tematicas`, { errorDialog: false });
}

/** The thematic areas for the topic form. */
export function useThematicAreas() {
  return useSWR<ThematicArea[]>('catalogos.areas_tematicas', fetchThematicAreas, { revalidateOnFocus: false });
}
