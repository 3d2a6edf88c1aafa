import { PRI, apiRequest } from '@/lib/api/client';

/** Spec §5/§9: profile photos are png, gif or jpeg under 8 MB. */
export const PHOTO_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

/** Why a file cannot be a profile photo, or null when it can. */
export function photoProblem(file: File): 'type' | 'size' | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return null;
}

/** POST usuarios/foto (multipart `file`) → `{resp, url}`. */
export function postPhoto(file: File): Promise<{ resp: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest(`${PRI}/usuarios/foto`, { method: 'POST', body, errorDialog: false });
}
