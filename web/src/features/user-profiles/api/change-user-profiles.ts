import { PRI, apiRequest } from '@/lib/api/client';

export interface ProfileChange {
  empleados: number[];
  perfiles: number[];
  /** One of `perfiles`. */
  predeterminado: number;
}

/** POST configuracion/cambiar_perfil_usuario → `{resp, actualizados}`: the profiles replace the users' current ones. */
export function postProfileChange(body: ProfileChange): Promise<{ resp?: string; actualizados?: number }> {
  return apiRequest(`${PRI}/configuracion/cambiar_perfil_usuario`, { method: 'POST', body, errorDialog: false });
}
