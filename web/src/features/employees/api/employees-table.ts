import { PRI } from '@/lib/api/client';

/** Table engine url of the employees catalogue (POST, see components/data-table). */
export const EMPLOYEES_TABLE_URL = `${PRI}/catalogos/empleados`;

/** The three views of the screen (`filtersEXT.vista`). */
export const EMPLOYEE_VIEWS = ['todos', 'favoritos', 'nuevos'] as const;
export type EmployeeView = (typeof EMPLOYEE_VIEWS)[number];

/** One row of the employees table. */
export interface EmployeeRow {
  cve_empleado: number;
  num_empleado: string | number | null;
  nombre_empleado: string;
  curp: string | null;
  rfc_empleado: string | null;
  correo_empleado: string | null;
  puesto: string | null;
  n4: string | null;
  planta: string | null;
  fecha_ingreso: string | null;
  activo: string | number | boolean | null;
  sesion_activa: string | number | boolean | null;
  favorito?: string | number | boolean | null;
}
