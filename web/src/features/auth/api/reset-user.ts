import { PRI, apiRequest } from '@/lib/api/client';

/**
 * POST usuarios/restablecerUsuario `{password, cve_empleado}` with the restricted token of
 * the reset link or of a "Cambio de credenciales" login.
 */
export function postResetUser(token: string, password: string, cveEmpleado: number): Promise<{ resp: string }> {
  return apiRequest<{ resp: string }>(`${PRI}/usuarios/restablecerUsuario`, {
    method: 'POST',
    body: { password, cve_empleado: cveEmpleado },
    token,
    errorDialog: false,
    sessionHandling: false,
  });
}
