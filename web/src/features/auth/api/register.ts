import { PRI, apiRequest } from '@/lib/api/client';

/** The registration payload of spec §3 (self-registration creates a Participante). */
export interface RegistrationPayload {
  /** Structure nodes by id (a numeric string from the combos is sent as a number). */
  N2: number | string;
  N3: number | string;
  N4: number | string;
  /** Left empty so the server applies its default (WEB). */
  N5: string;
  N6: string;
  N7: string;
  Puesto: string;
  cve_puesto: number;
  NumEmpleado: number;
  NombreEmpleado: string;
  FechaIngreso: string;
  IDTarjeta: string;
  JEFE: string;
  GENERO: 'H' | 'M';
  EMP_MAIL: string;
  EMP_CURP: string;
  EMP_RFC: string;
  TipoDeEmpleado: string;
  FechaNacimiento: string;
  FechaInicioPuesto: string;
  Activo: 'SI';
  Perfiles: 'Participante';
  Telefono: string;
  nombre_cia: string;
  cia_logo: string;
  color_fondo: string;
  cia_url: string;
  estado: number | string;
}

/** POST /api/pri/usuarios/registro → `{resp, message}`. */
export function postRegistration(payload: RegistrationPayload): Promise<{ resp: string; message?: string }> {
  return apiRequest<{ resp: string; message?: string }>(`${PRI}/usuarios/registro`, {
    method: 'POST',
    body: payload,
  });
}
