import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

export interface PopulationType {
  cve_tipo_poblacion: number;
  nombre: string;
}

/** GET catalogos/tipos_poblacion. */
export function fetchPopulationTypes(): Promise<PopulationType[]> {
  return apiRequest<PopulationType[]>(`${PRI}/catalogos/tipos_poblacion`, { errorDialog: false });
}

/** The population types (Operativo, Administrativo, …). */
export function usePopulationTypes(enabled = true) {
  return useSWR<PopulationType[]>(enabled ? 'catalogos.tipos_poblacion' : null, fetchPopulationTypes, {
    revalidateOnFocus: false,
  });
}
