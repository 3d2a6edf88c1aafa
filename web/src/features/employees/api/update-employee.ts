import { PRI, apiRequest } from '@/lib/api/client';
import type { EmployeeBody } from './create-employee';

/** PUT catalogos/empleados/{cve} with the whole employee form. */
export function putEmployee(cve: number, body: EmployeeBody): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/empleados/${cve}`, { method: 'PUT', body, errorDialog: false });
}
