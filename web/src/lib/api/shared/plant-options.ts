import useSWR from 'swr';
import { PRI, apiRequest } from '../client';
import type { OptionItem } from './options';

/** Path of the plant options. */
export const PLANT_OPTIONS_PATH = `${PRI}/catalogos/plantas/opciones`;

/** SWR key of the active plants of a company (N4), or of every company (`null`). */
export function plantOptionsKey(cveN4: number | null): [string, number | null] {
  return [PLANT_OPTIONS_PATH, cveN4];
}

/** GET catalogos/plantas/opciones[?cve_n4=P]: the active plants of a company, or of all. */
export function fetchPlantOptions(cveN4: number | null): Promise<OptionItem[]> {
  return apiRequest<OptionItem[]>(PLANT_OPTIONS_PATH, { query: { cve_n4: cveN4 ?? undefined }, errorDialog: false });
}

/** The active plants of every company. */
export function useAllPlantOptions() {
  return useSWR<OptionItem[]>(plantOptionsKey(null), () => fetchPlantOptions(null), { revalidateOnFocus: false });
}

/** The active plants of the chosen company (N4); none until one is chosen. */
export function useCompanyPlantOptions(cveN4: number | null) {
  return useSWR<OptionItem[]>(cveN4 ? plantOptionsKey(cveN4) : null, () => fetchPlantOptions(cveN4), {
    revalidateOnFocus: false,
  });
}
