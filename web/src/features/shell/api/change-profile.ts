import { PRI, apiRequest } from '@/lib/api/client';
import type { User } from '@/lib/auth/types';

/** POST perfiles/cambiar_perfil `{perfil}` → the user under the new profile and its token. */
export function postChangeProfile(idperfil: number): Promise<{ resp: string; usuario: User; token: string }> {
  return apiRequest(`${PRI}/perfiles/cambiar_perfil`, {
    method: 'POST',
    body: { perfil: idperfil },
    errorDialog: false,
  });
}
