import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** The employee types of the form. */
export const EMPLOYEE_TYPES = ['Interno', 'Externo', 'Sindicalizado', 'Confianza'] as const;
export type EmployeeType = (typeof EMPLOYEE_TYPES)[number];

/** The "Employee form" of docs/api-contract.md; empty optional fields travel as null. */
export type EmployeeBody = Schema<'EmployeeForm'>;

/** POST catalogos/empleados/crear → `{resp, cve_empleado}`; the server creates a login and e-mails a temporary password. */
export function postEmployee(body: EmployeeBody): Promise<{ resp?: string; cve_empleado?: number }> {
  return apiRequest(`${PRI}/catalogos/empleados/crear`, { method: 'POST', body, errorDialog: false });
}
