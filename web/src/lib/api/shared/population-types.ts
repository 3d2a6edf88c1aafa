import useSWR from 'swr';
import { PRI, apiRequest } from '../client';
import type { Schema } from '../schema';

/** A population type (Operativo, Administrativo, …). */
export type PopulationType = Schema<'PopulationType'>;

/** SWR key (and path) of the population types. */
export const POPULATION_TYPES_KEY = `${PRI}/catalogos/tipos_poblacion`;

/** GET catalogos/tipos_poblacion. */
export function fetchPopulationTypes(): Promise<PopulationType[]> {
  return apiRequest<PopulationType[]>(POPULATION_TYPES_KEY, { errorDialog: false });
}

/** The population types; `enabled = false` skips the request. */
export function usePopulationTypes(enabled = true) {
  return useSWR<PopulationType[]>(enabled ? POPULATION_TYPES_KEY : null, fetchPopulationTypes, { revalidateOnFocus: false });
}
