import { PRI, apiRequest } from '@/lib/api/client';

/** Photos are png, gif or jpeg under 8 MB (contract, "Catalogues"). */
export const PHOTO_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

/** Why a file cannot be an employee photo, or null when it can. */
export function photoProblem(file: File): 'type' | 'size' | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return null;
}

/** POST catalogos/empleados/{cve}/foto (multipart `foto`) → `{resp, foto_url}`. */
export function postEmployeePhoto(cve: number, file: File): Promise<{ resp?: string; foto_url?: string }> {
  const body = new FormData();
  body.append('foto', file);
  return apiRequest(`${PRI}/catalogos/empleados/${cve}/foto`, { method: 'POST', body, errorDialog: false });
}
