import { PRI, apiRequest } from '@/lib/api/client';

export interface RepresentativeUpdate {
  nombre: string;
  puesto: string | null;
  activo: 0 | 1;
}

/** PUT catalogos/representantes_DC3/{id}. */
export function putRepresentative(id: number, body: RepresentativeUpdate): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/representantes_DC3/${id}`, { method: 'PUT', body, errorDialog: false });
}
