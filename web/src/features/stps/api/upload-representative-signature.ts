import { PRI, apiRequest } from '@/lib/api/client';

/** POST catalogos/representantes_DC3/{id}/firma (multipart `firma`) → `{resp, firma_url}`. */
export function postRepresentativeSignature(id: number, file: File): Promise<{ resp?: string; firma_url?: string }> {
  const body = new FormData();
  body.append('firma', file);
  return apiRequest(`${PRI}/catalogos/representantes_DC3/${id}/firma`, { method: 'POST', body, errorDialog: false });
}
