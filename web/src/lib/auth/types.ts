/** One of the user's profiles, as listed in `perfiles_sistema`. */
export interface UserProfile {
  idperfil: number;
  perfil: string;
  predeterminado?: boolean | number | string;
}

/** The user object answered by `usuarios/login`, `cambiar_perfil` and `actualizar-perfil`. */
export interface User {
  cve_empleado: number;
  num_empleado?: string | number | null;
  nombre_empleado: string;
  correo_empleado?: string | null;
  rfc_empleado?: string | null;
  curp?: string | null;
  telefono?: string | null;
  genero?: 'H' | 'M' | string | null;
  fecha_nacimiento?: string | null;
  foto_empleado?: string | null;
  cve_estado?: number | string | null;
  puesto?: string | null;
  perfil_sistema?: string | null;
  perfiles_sistema?: UserProfile[];
  usuario_sistema?: string | null;
  idperfil?: number;
  subordinados?: { cve_empleado: number; nombre_empleado: string }[];
  firebase_id?: string | null;
  token?: string;
  permisos?: Record<string, string[]>;
  secciones?: string[];
}
