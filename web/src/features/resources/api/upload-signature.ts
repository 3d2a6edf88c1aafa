import { apiRequest } from '@/lib/api/client';
import { resourceUrl } from './resource-types';

/** POST catalogos/recursos_capacitacion/instructores/{id}/firma (multipart `firma`). */
export function postInstructorSignature(id: number, file: File): Promise<{ resp?: string; firma_url?: string; url?: string }> {
  const body = new FormData();
  body.append('firma', file);
  return apiRequest(`${resourceUrl('instructores')}/${id}/firma`, { method: 'POST', body, errorDialog: false });
}
