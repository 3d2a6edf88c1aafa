import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { OptionItem } from './options';

/** GET catalogos/plantas/opciones?cve_n4=P: the active plants of a company. */
export function fetchPlantOptions(cveN4: number): Promise<OptionItem[]> {
  return apiRequest<OptionItem[]>(`${PRI}/catalogos/plantas/opciones`, { query: { cve_n4: cveN4 }, errorDialog: false });
}

/** Plants of the chosen company (N4); none until one is chosen. */
export function usePlantOptions(cveN4: number | null) {
  return useSWR<OptionItem[]>(cveN4 ? ['empleados.plantas.opciones', cveN4] : null, () => fetchPlantOptions(cveN4 as number), {
    revalidateOnFocus: false,
  });
}
