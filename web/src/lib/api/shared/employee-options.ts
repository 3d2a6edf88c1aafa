import useSWR from 'swr';
import { PRI, apiRequest } from '../client';

/** Spec §9: the employee typeahead asks from 4 characters on. */
export const EMPLOYEE_SEARCH_MIN = 4;

/** Path of the employee typeahead. */
export const EMPLOYEE_OPTIONS_PATH = `${PRI}/catalogos/empleados/opciones`;

/**
 * A typeahead item: the employee's id and label, with the name and e-mail that fill an
 * internal instructor. Written out here because three server types share the schema name
 * `Opcion` and the generated one is another's (see web/README.md, "API contract").
 */
export interface EmployeeOption {
  value: number;
  label: string;
  nombre: string;
  correo: string | null;
}

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
