import type { TableQuery, TableResponse } from '@/components/data-table';
import { PRI, apiRequest } from '../client';

/** Table engine url of the employees catalogue (POST). */
export const EMPLOYEES_TABLE_URL = `${PRI}/catalogos/empleados`;

/** An employee a selection resolved to. */
export interface PickedEmployee {
  cve_empleado: number;
  nombre_empleado: string;
}

/** The engine's largest page. */
const PAGE = 100;

/**
 * Every row of a table "select all" selection: pages through the table query (100 a page)
 * leaving out the rows the user unticked (by `keyOf`). Select-all is capped at 15,000 rows upstream.
 */
export async function collectRows<Row, Out>(
  url: string,
  query: Omit<TableQuery, 'page' | 'cantPP'>,
  excluded: ReadonlySet<string>,
  keyOf: (row: Row) => string | number,
  pick: (row: Row) => Out,
  signal?: AbortSignal,
): Promise<Out[]> {
  const out: Out[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiRequest<TableResponse<Row>>(url, {
      method: 'POST',
      body: { ...query, page, cantPP: PAGE },
      errorDialog: false,
      signal,
    });
    const rows = answer?.result ?? [];
    for (const row of rows) if (!excluded.has(String(keyOf(row)))) out.push(pick(row));
    const count = answer?.pages?.cantidad_registros ?? 0;
    const pages = count > 0 ? Math.ceil(count / PAGE) : (answer?.pages?.ultima_page ?? 1);
    if (rows.length === 0 || page >= pages) break;
  }
  return out;
}

/** Every employee of a "select all" selection of the employees table. */
export function collectEmployees(
  query: Omit<TableQuery, 'page' | 'cantPP'>,
  excluded: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<PickedEmployee[]> {
  return collectRows<PickedEmployee, PickedEmployee>(
    EMPLOYEES_TABLE_URL,
    query,
    excluded,
    (row) => row.cve_empleado,
    (row) => ({ cve_empleado: row.cve_empleado, nombre_empleado: row.nombre_empleado }),
    signal,
  );
}
