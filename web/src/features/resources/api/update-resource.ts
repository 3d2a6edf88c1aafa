import { apiRequest } from '@/lib/api/client';
import { resourceUrl, type ResourceBodies, type ResourceType } from './resource-types';

/** An update sends the same fields plus `activo`. */
export type ResourceUpdate<T extends ResourceType> = ResourceBodies[T] & { activo: 0 | 1 };

/** PUT catalogos/recursos_capacitacion/{tipo}/{id}: answers the updated record. */
export function putResource<T extends ResourceType>(
  tipo: T,
  id: number,
  body: ResourceUpdate<T>,
): Promise<{ resp?: string } & Record<string, unknown>> {
  return apiRequest(`${resourceUrl(tipo)}/${id}`, { method: 'PUT', body, errorDialog: false });
}
