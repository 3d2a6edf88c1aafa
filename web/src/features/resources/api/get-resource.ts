import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { resourceUrl, type ResourceRecords, type ResourceType } from './resource-types';

/** GET catalogos/recursos_capacitacion/{tipo}/{id}. */
export function fetchResource<T extends ResourceType>(tipo: T, id: number): Promise<ResourceRecords[T]> {
  return apiRequest<ResourceRecords[T]>(`${resourceUrl(tipo)}/${id}`, { errorDialog: false });
}

/** One stored resource for its edit form; `id` null asks nothing. */
export function useResource<T extends ResourceType>(tipo: T, id: number | null) {
  return useSWR<ResourceRecords[T]>(id === null ? null : ['recursos.registro', tipo, id], () => fetchResource(tipo, id as number), {
    revalidateOnFocus: false,
  });
}
