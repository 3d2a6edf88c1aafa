export { EMPLOYEES_TABLE_URL, collectEmployees, type PickedEmployee } from '@/lib/api/shared/employees-selection';

/** The fields of an employees table row the wizard shows. */
export interface EmployeeRow {
  cve_empleado: number;
  num_empleado: string | number | null;
  nombre_empleado: string;
  curp: string | null;
  puesto: string | null;
  n4: string | null;
  planta: string | null;
}
