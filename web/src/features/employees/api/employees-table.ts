import { preloadTable } from '@/components/data-table/preload';
import { PRI } from '@/lib/api/client';

/** Table engine url of the employees catalogue (POST, see components/data-table). */
export const EMPLOYEES_TABLE_URL = `${PRI}/catalogos/empleados`;

/** The three views of the screen (`filtersEXT.vista`). */
export const EMPLOYEE_VIEWS = ['todos', 'favoritos', 'nuevos'] as const;
export type EmployeeView = (typeof EMPLOYEE_VIEWS)[number];

/** The table's order when the screen opens. */
export const EMPLOYEES_DEFAULT_SORT = { field: 'nombre_empleado', direction: 'asc' } as const;

/** Asks for the first page the screen opens with (view "todos") before the screen renders. */
export function preloadEmployeesTable(): void {
  void preloadTable(EMPLOYEES_TABLE_URL, { filtersEXT: { vista: 'todos' }, defaultSort: EMPLOYEES_DEFAULT_SORT });
}

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
