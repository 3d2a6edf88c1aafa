import { apiRequest } from '@/lib/api/client';
import { resourceUrl, type ResourceBodies, type ResourceType } from './resource-types';

/** The create answer: `{resp: "Excelente", cve_<resource>: id}`. */
export type CreatedResource = { resp?: string } & Record<string, unknown>;

/** POST catalogos/recursos_capacitacion/{tipo}: creates an institution, instructor, venue or room. */
export function postResource<T extends ResourceType>(tipo: T, body: ResourceBodies[T]): Promise<CreatedResource> {
  return apiRequest<CreatedResource>(resourceUrl(tipo), { method: 'POST', body, errorDialog: false });
}
