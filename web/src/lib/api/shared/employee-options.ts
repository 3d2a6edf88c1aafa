import useSWR from 'swr';
import { PRI, apiRequest } from '../client';
import type { Schema } from '../schema';

/** Spec §9: the employee typeahead asks from 4 characters on. */
export const EMPLOYEE_SEARCH_MIN = 4;

/** Path of the employee typeahead. */
export const EMPLOYEE_OPTIONS_PATH = `${PRI}/catalogos/empleados/opciones`;

/** A typeahead item: the employee's id and label, with the name and e-mail that fill an
 * internal instructor. */
export type EmployeeOption = Schema<'OpcionEmpleado'>;

/** SWR key of the employees matching `term`. */
export function employeeOptionsKey(term: string): [string, string] {
  return [EMPLOYEE_OPTIONS_PATH, term];
}

/** GET catalogos/empleados/opciones?q= */
export function fetchEmployeeOptions(q: string): Promise<EmployeeOption[]> {
  return apiRequest<EmployeeOption[]>(EMPLOYEE_OPTIONS_PATH, { query: { q }, errorDialog: false });
}

/** Employees matching `q` once it has 4 characters or more. */
export function useEmployeeOptions(q: string) {
  const term = q.trim();
  return useSWR<EmployeeOption[]>(
    term.length >= EMPLOYEE_SEARCH_MIN ? employeeOptionsKey(term) : null,
    () => fetchEmployeeOptions(term),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
