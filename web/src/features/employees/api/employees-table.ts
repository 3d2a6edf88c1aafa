import { PRI } from '@/lib/api/client';

/** Table engine url of the employees catalogue (POST, see components/data-table). */
export const EMPLOYEES_TABLE_URL = `${PRI}/catalogos/empleados`;

/** The three views of the screen (`filtersEXT.vista`). */
export const EMPLOYEE_VIEWS = ['todos', 'favoritos', 'nuevos'] as const;
export type EmployeeView = (typeof EMPLOYEE_VIEWS)[number];

type Flag = string | number | boolean | null;

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
  activo: Flag;
  sesion_activa: Flag;
  favorito?: Flag;
  /** 1 when the employee was given a 'baja lógica'. */
  baja_logica?: Flag;
  /** Platform access: 1 Activo, 0 Sin Acceso. */
  acceso?: Flag;
}
