import { apiRequest } from '@/lib/api/client';
import { resourceUrl } from './resource-types';

/** POST catalogos/recursos_capacitacion/sedes/{id}/croquis (multipart `croquis`). */
export function postVenueSketch(id: number, file: File): Promise<{ resp?: string; croquis_url?: string; url?: string }> {
  const body = new FormData();
  body.append('croquis', file);
  return apiRequest(`${resourceUrl('sedes')}/${id}/croquis`, { method: 'POST', body, errorDialog: false });
}
