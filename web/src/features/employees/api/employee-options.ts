import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { OptionItem } from './options';

/** Spec §9: the employee autocomplete starts at 4 characters. */
export const EMPLOYEE_SEARCH_MIN = 4;

/** GET catalogos/empleados/opciones?q=: employees whose name matches (supervisor typeahead). */
export function fetchEmployeeOptions(q: string): Promise<OptionItem[]> {
  return apiRequest<OptionItem[]>(`${PRI}/catalogos/empleados/opciones`, { query: { q }, errorDialog: false });
}

/** Typeahead results; no request below 4 characters. */
export function useEmployeeOptions(q: string) {
  const term = q.trim();
  return useSWR<OptionItem[]>(
    term.length >= EMPLOYEE_SEARCH_MIN ? ['empleados.opciones', term] : null,
    () => fetchEmployeeOptions(term),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
