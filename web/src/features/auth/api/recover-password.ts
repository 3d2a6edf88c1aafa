import { PRI, apiRequest } from '@/lib/api/client';

/** POST usuarios/restablecerContrasena `{email, curp}`: always `Excelente`, matched or not. */
export function postRecoverPassword(email: string, curp: string): Promise<{ resp: string }> {
  return apiRequest<{ resp: string }>(`${PRI}/usuarios/restablecerContrasena`, {
    method: 'POST',
    body: { email, curp },
    errorDialog: false,
  });
}
