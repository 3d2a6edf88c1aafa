import useSWR from 'swr';
import { PRI, apiRequest } from '../client';
import type { Schema } from '../schema';

/** A thematic area of the STPS catalogue (1000 Producción general … 9000 Participación social). */
export type ThematicArea = Schema<'AreaTematica'>;

/** SWR key (and path) of the thematic areas. */
export const THEMATIC_AREAS_KEY = `${PRI}/catalogos/areas_tematicas`;

/** GET catalogos/areas_tematicas. */
export function fetchThematicAreas(): Promise<ThematicArea[]> {
  return apiRequest<ThematicArea[]>(THEMATIC_AREAS_KEY, { errorDialog: false });
}

/** The shipped thematic areas (read-only). */
export function useThematicAreas() {
  return useSWR<ThematicArea[]>(THEMATIC_AREAS_KEY, fetchThematicAreas, { revalidateOnFocus: false });
}
