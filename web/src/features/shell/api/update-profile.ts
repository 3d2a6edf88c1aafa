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
  /** The current password: required when the e-mail or the RFC changes. */
  pass?: string;
}

/** The answer: the user as stored, and the new e-mail when it waits for confirmation. */
export interface ProfileUpdateAnswer {
  resp: string;
  user?: User[];
  /** A changed e-mail is stored only once the link sent to it is opened. */
  correo_pendiente?: string;
}

/** POST usuarios/actualizar-perfil → `{resp, user: [User], correo_pendiente?}`. */
export function postUpdateProfile(update: ProfileUpdate): Promise<ProfileUpdateAnswer> {
  return apiRequest(`${PRI}/usuarios/actualizar-perfil`, { method: 'POST', body: update });
}
