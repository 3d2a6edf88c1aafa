import { PRI, apiRequest } from '@/lib/api/client';

/** The employee types of the form. */
export const EMPLOYEE_TYPES = ['Interno', 'Externo', 'Sindicalizado', 'Confianza'] as const;
export type EmployeeType = (typeof EMPLOYEE_TYPES)[number];

/** The "Employee form" of docs/api-contract.md; empty optional fields travel as null. */
export interface EmployeeBody {
  num_empleado: string;
  nombre_empleado: string;
  curp: string;
  rfc_empleado: string | null;
  correo_empleado: string | null;
  telefono: string | null;
  genero: 'H' | 'M' | null;
  fecha_nacimiento: string | null;
  cve_puesto: number;
  n2: number;
  n3: number;
  n4: number;
  n5: number | null;
  n6: number | null;
  n7: number | null;
  cve_planta: number | null;
  plantas: number[];
  cve_pais: number | null;
  cve_estado: number | null;
  cve_tipo_poblacion: number | null;
  cve_supervisor: number | null;
  fecha_ingreso: string | null;
  fecha_inicio_puesto: string | null;
  tipo_empleado: EmployeeType;
  id_tarjeta: string | null;
  ocupacion: string | null;
  activo: 0 | 1;
}

/** POST catalogos/empleados/crear → `{resp, cve_empleado}`; the server creates a login and e-mails a temporary password. */
export function postEmployee(body: EmployeeBody): Promise<{ resp?: string; cve_empleado?: number }> {
  return apiRequest(`${PRI}/catalogos/empleados/crear`, { method: 'POST', body, errorDialog: false });
}
