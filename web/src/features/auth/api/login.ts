import { PRI, apiRequest } from '@/lib/api/client';

/** Body of POST /api/pri/login. */
export interface LoginBody {
  navegador: string;
  sistema_operativo: string;
  empresa: string;
  usuario: string;
  password: string;
  tokenfcm: string;
  clienteDemo?: number | string;
}

/** `Excelente` + jwt, or `Cambio de credenciales` + a restricted jwt and the employee. */
export interface LoginAnswer {
  resp: string;
  jwt?: string;
  cve_empleado?: number;
}

export const LOGIN_OK = 'Excelente';
export const LOGIN_CHANGE_CREDENTIALS = 'Cambio de credenciales';

/** POST /api/pri/login with the generic token; the login form shows its own messages. */
export function postLogin(body: LoginBody): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>(`${PRI}/login`, { method: 'POST', body, errorDialog: false });
}
