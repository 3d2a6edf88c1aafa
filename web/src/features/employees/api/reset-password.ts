import { PRI, apiRequest } from '@/lib/api/client';

/** POST usuarios/restablecerUsuario `{cve_empleado, password}`: an administrator sets a password the user must change at the next login. */
export function postResetPassword(cveEmpleado: number, password: string): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/usuarios/restablecerUsuario`, {
    method: 'POST',
    body: { cve_empleado: cveEmpleado, password },
    errorDialog: false,
  });
}
