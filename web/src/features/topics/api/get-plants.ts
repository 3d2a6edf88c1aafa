import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** A plant as the pickers list it. */
export interface PlantOption {
  value: number | string;
  label: string;
}

/** GET catalogos/plantas/opciones: the active plants. */
export function fetchPlants(): Promise<PlantOption[]> {
  return apiRequest<PlantOption[]>(`${PRI}/catalogos/plantas/opciones`, { errorDialog: false });
}

/** The active plants of every company. */
export function usePlants() {
  return useSWR<PlantOption[]>('catalogos.plantas.opciones', fetchPlants, { revalidateOnFocus: false });
}
