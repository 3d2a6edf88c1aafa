import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { resourceUrl, type ResourceType } from './resource-types';

/** One `{value, label}` item of an options call. */
export interface Option {
  value: number | string;
  label: string;
}

/** GET catalogos/recursos_capacitacion/{tipo}/opciones: the active ones. */
export function fetchResourceOptions(tipo: ResourceType): Promise<Option[]> {
  return apiRequest<Option[]>(`${resourceUrl(tipo)}/opciones`);
}

/** Active institutions or venues for a select; `null` asks nothing. */
export function useResourceOptions(tipo: ResourceType | null) {
  return useSWR<Option[]>(tipo === null ? null : ['recursos.opciones', tipo], () => fetchResourceOptions(tipo as ResourceType), {
    revalidateOnFocus: false,
  });
}
