import { PRI, apiRequest } from '@/lib/api/client';
import type { User } from '@/lib/auth/types';

/** Fields the user may change about themselves. */
export interface ProfileUpdate {
  cve_empleado: number;
  nombre_empleado: string;
  genero: 'H' | 'M';
  correo_empleado: string;
  rfc_empleado: string;
  fecha_nacimiento: string;
  telefono: string;
  foto_empleado: string;
}

/** POST usuarios/actualizar-perfil → `{resp, user: [User]}`. */
export function postUpdateProfile(update: ProfileUpdate): Promise<{ resp: string; user?: User[] }> {
  return apiRequest(`${PRI}/usuarios/actualizar-perfil`, { method: 'POST', body: update });
}
