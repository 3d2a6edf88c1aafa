import { PRI, apiRequest } from '@/lib/api/client';
import type { Mensaje } from '@/lib/socket';

/** POST chat/imagenes (multipart `file` png/jpeg ≤ 8 MB + `cve_empleado` recipient) → the message. */
export function postChatImage(file: File, para: number): Promise<{ resp?: string; mensaje: Mensaje }> {
  const body = new FormData();
  body.append('file', file);
  body.append('cve_empleado', String(para));
  return apiRequest(`${PRI}/chat/imagenes`, { method: 'POST', body, errorDialog: false });
}
