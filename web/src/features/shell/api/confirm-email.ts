import { PRI, apiRequest } from '@/lib/api/client';
import { fetchGenericToken } from '@/lib/auth/get-generic-token';

/** POST usuarios/confirmar-correo `{token}` with the pre-login token: stores the pending e-mail. */
export async function postConfirmEmail(token: string): Promise<{ resp: string }> {
  return apiRequest<{ resp: string }>(`${PRI}/usuarios/confirmar-correo`, {
    method: 'POST',
    body: { token },
    token: await fetchGenericToken(),
    errorDialog: false,
    sessionHandling: false,
  });
}
