import type { TableQuery, TableResponse } from '@/components/data-table';
import { PRI, apiRequest } from '@/lib/api/client';

/** Table engine url of the employees catalogue (POST), the wizard's first step. */
export const EMPLOYEES_TABLE_URL = `${PRI}/catalogos/empleados`;

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

/** An employee the change applies to. */
export interface PickedEmployee {
  cve_empleado: number;
  nombre_empleado: string;
}

/** The engine's largest page. */
const PAGE = 100;

/**
 * Every employee of a "select all" selection: pages through the table query (100 a page)
 * leaving out the rows the user unticked. Select-all is capped at 15,000 rows upstream.
 */
export async function collectEmployees(
  query: Omit<TableQuery, 'page' | 'cantPP'>,
  excluded: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<PickedEmployee[]> {
  const out: PickedEmployee[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiRequest<TableResponse<EmployeeRow>>(EMPLOYEES_TABLE_URL, {
      method: 'POST',
      body: { ...query, page, cantPP: PAGE },
      errorDialog: false,
      signal,
    });
    const rows = answer?.result ?? [];
    for (const row of rows) {
      if (!excluded.has(String(row.cve_empleado))) out.push({ cve_empleado: row.cve_empleado, nombre_empleado: row.nombre_empleado });
    }
    const count = answer?.pages?.cantidad_registros ?? 0;
    const pages = count > 0 ? Math.ceil(count / PAGE) : (answer?.pages?.ultima_page ?? 1);
    if (rows.length === 0 || page >= pages) break;
  }
  return out;
}
