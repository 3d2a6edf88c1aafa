import type { SelectionChange } from '@/components/data-table';
import { PRI } from '@/lib/api/client';
import { EMPLOYEES_TABLE_URL, collectRows } from '@/lib/api/shared/employees-selection';
import type { AssignmentType } from './wizard-rules';

/** Table engine url of the positions (the "puestos" targets). */
export const POSITIONS_TABLE_URL = `${PRI}/catalogos/estructura_puestos`;

export interface PositionRow {
  cve_puesto: number;
  puesto: string;
  estructura: string | null;
  empleados: number | null;
}
export interface EmployeeRow {
  cve_empleado: number;
  num_empleado: string | number | null;
  nombre_empleado: string;
  puesto: string | null;
  n4: string | null;
  planta: string | null;
}

/** A chosen position or employee. */
export interface Target {
  id: number;
  name: string;
}

/** A selection of the targets table as ids and names (a "select all" pages through the table). */
export async function resolveTargets(tipo: AssignmentType, selection: SelectionChange | null, seen: ReadonlyMap<number, string>): Promise<Target[]> {
  if (!selection || selection.count === 0) return [];
  if (!selection.all) return selection.keys.map((k) => ({ id: Number(k), name: seen.get(Number(k)) ?? `#${k}` }));
  const excluded = new Set(selection.excluded);
  if (tipo === 'puestos') {
    return collectRows<PositionRow, Target>(POSITIONS_TABLE_URL, selection.query, excluded, (r) => r.cve_puesto, (r) => ({ id: r.cve_puesto, name: r.puesto }));
  }
  return collectRows<EmployeeRow, Target>(EMPLOYEES_TABLE_URL, selection.query, excluded, (r) => r.cve_empleado, (r) => ({ id: r.cve_empleado, name: r.nombre_empleado }));
}
