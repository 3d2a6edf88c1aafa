import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** Spec §9: the employee typeahead asks from 4 characters on. */
export const EMPLOYEE_SEARCH_MIN = 4;

/** A typeahead item; the server may add the employee's name and e-mail to fill the instructor. */
export interface EmployeeOption {
  value: number | string;
  label: string;
  nombre?: string | null;
  nombre_empleado?: string | null;
  correo?: string | null;
  correo_empleado?: string | null;
}

/** GET catalogos/empleados/opciones?q= */
export function fetchEmployeeOptions(q: string): Promise<EmployeeOption[]> {
  return apiRequest<EmployeeOption[]>(`${PRI}/catalogos/empleados/opciones`, { query: { q } });
}

/** Employees matching `q` once it has 4 characters or more. */
export function useEmployeeOptions(q: string) {
  const term = q.trim();
  return useSWR<EmployeeOption[]>(
    term.length >= EMPLOYEE_SEARCH_MIN ? ['recursos.empleados.opciones', term] : null,
    () => fetchEmployeeOptions(term),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
