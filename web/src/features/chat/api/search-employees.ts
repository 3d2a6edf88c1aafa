import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** Spec §9: the employee autocomplete starts at 4 characters. */
export const SEARCH_MIN_LENGTH = 4;

/** One autocomplete answer. */
export interface EmployeeHit {
  cve_empleado: number;
  nombre_empleado: string;
  foto_empleado?: string | null;
}

/** GET plan_capacitacion/simulador_puesto/autocomplete/empleados?q= → at most 10 employees. */
export async function searchEmployees(q: string): Promise<EmployeeHit[]> {
  const answer = await apiRequest<EmployeeHit[] | null>(`${PRI}/plan_capacitacion/simulador_puesto/autocomplete/empleados`, {
    query: { q },
    errorDialog: false,
  });
  return Array.isArray(answer) ? answer : [];
}

/** Search results for a (debounced) text; nothing below 4 characters. */
export function useEmployeeSearch(text: string) {
  const q = text.trim();
  return useSWR<EmployeeHit[]>(q.length >= SEARCH_MIN_LENGTH ? ['chat:buscar', q] : null, () => searchEmployees(q), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
