import { PRI, apiRequest } from '@/lib/api/client';

/** POST usuarios/cambiarContrasena `{pass, newPass}` → `{resp}`. */
export function postChangePassword(pass: string, newPass: string): Promise<{ resp: string }> {
  return apiRequest(`${PRI}/usuarios/cambiarContrasena`, { method: 'POST', body: { pass, newPass } });
}
