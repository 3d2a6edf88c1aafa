import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { EmployeeRow } from './employees-table';

/** The detail answer: the row's fields plus whatever else the catalogue keeps. */
export type EmployeeDetail = EmployeeRow & Record<string, unknown>;

/** GET catalogos/empleados/{cve}. */
export async function fetchEmployee(cve: number): Promise<EmployeeDetail> {
  const answer = await apiRequest<EmployeeDetail | EmployeeDetail[]>(`${PRI}/catalogos/empleados/${cve}`, {
    errorDialog: false,
  });
  return Array.isArray(answer) ? (answer[0] as EmployeeDetail) : answer;
}

/** Employee detail for the drawer. */
export function useEmployee(cve: number | null) {
  return useSWR<EmployeeDetail>(cve ? ['empleado', cve] : null, () => fetchEmployee(cve as number), {
    revalidateOnFocus: false,
  });
}
