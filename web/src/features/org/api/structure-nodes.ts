import useSWR from 'swr';
import type { TableQuery, TableResponse } from '@/components/data-table';
import { apiRequest } from '@/lib/api/client';
import { STRUCTURE_TABLE_URL, type StructureRow } from './structure-table';

/** The nodes a select offers (the first 100, by name); one level or all of them. */
export async function fetchStructureNodes(nivel: number | null): Promise<StructureRow[]> {
  const body: TableQuery = {
    page: 1,
    cantPP: 100,
    order: 'nombre',
    ordertype: 'asc',
    columns_with_selects: nivel === null ? [] : [{ column: 'nivel', nomfield: 'nivel', input: String(nivel) }],
    filtersEXT: {},
  };
  const answer = await apiRequest<TableResponse<StructureRow>>(STRUCTURE_TABLE_URL, { method: 'POST', body });
  return answer?.result ?? [];
}

/**
 * Structure nodes for a select: `nivel` a level (2–7), `'all'` every level, `null` none
 * (no request, e.g. while no level is chosen).
 */
export function useStructureNodes(nivel: number | 'all' | null) {
  return useSWR<StructureRow[]>(nivel === null ? null : ['org.estructura.nodos', nivel], () =>
    fetchStructureNodes(nivel === 'all' ? null : (nivel as number)),
  { revalidateOnFocus: false },
  );
}
