import { PRI, apiRequest } from '@/lib/api/client';
import type { NewEstablishment } from './create-establishment';

export type EstablishmentUpdate = NewEstablishment & { activo: 0 | 1 };

/** PUT catalogos/establecimientos_STPS/{id}. */
export function putEstablishment(id: number, body: EstablishmentUpdate): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/establecimientos_STPS/${id}`, { method: 'PUT', body, errorDialog: false });
}
