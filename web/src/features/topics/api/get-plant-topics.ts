import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** A topic assigned to a plant. */
export interface PlantTopic {
  cve_tema: number;
  abreviatura: string;
  nombre_tema: string;
}

/** SWR key of a plant's topics. */
export const plantTopicsKey = (cvePlanta: number) => ['plan.plantas_temas', cvePlanta] as const;

/** GET plan_capacitacion/plantas_temas/{cve_planta}. */
export function fetchPlantTopics(cvePlanta: number): Promise<PlantTopic[]> {
  return apiRequest<PlantTopic[]>(`${PRI}/plan_capacitacion/plantas_temas/${cvePlanta}`, { errorDialog: false });
}

/** A plant's topics; `null` skips the request. */
export function usePlantTopics(cvePlanta: number | null) {
  return useSWR<PlantTopic[]>(cvePlanta ? plantTopicsKey(cvePlanta) : null, () => fetchPlantTopics(cvePlanta as number), {
    revalidateOnFocus: false,
  });
}
