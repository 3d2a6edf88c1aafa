import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Absence } from './get-absences';
import type { EmployeeRow } from './employees-table';

/** One of the employee's profiles. */
export interface EmployeeProfile {
  idperfil: number;
  perfil: string;
  predeterminado?: boolean | number | string;
}

/** An extra plant as the detail may list it: an id or an item. */
export type ExtraPlant = number | string | { cve_planta?: number; value?: number | string; nombre?: string; label?: string };

/**
 * GET catalogos/empleados/{cve}: the employee form fields plus `nombre_supervisor`, `puesto`,
 * `foto_url`, `perfiles`, `acceso` and `ausencias`. Name fields (`estado`, `planta`, …) are
 * used when the server adds them; otherwise the drawer looks the ids up.
 */
export interface EmployeeDetail extends Omit<EmployeeRow, 'n4'> {
  telefono?: string | null;
  genero?: string | null;
  fecha_nacimiento?: string | null;
  cve_puesto?: number | null;
  n2?: number | string | null;
  n3?: number | string | null;
  n4?: number | string | null;
  n5?: number | string | null;
  n6?: number | string | null;
  n7?: number | string | null;
  cve_planta?: number | null;
  plantas?: ExtraPlant[] | null;
  cve_pais?: number | null;
  pais?: string | null;
  cve_estado?: number | null;
  estado?: string | null;
  cve_tipo_poblacion?: number | null;
  tipo_poblacion?: string | null;
  cve_supervisor?: number | null;
  nombre_supervisor?: string | null;
  supervisor?: string | null;
  fecha_inicio_puesto?: string | null;
  tipo_empleado?: string | null;
  id_tarjeta?: string | null;
  ocupacion?: string | null;
  foto_url?: string | null;
  foto_empleado?: string | null;
  perfiles?: EmployeeProfile[] | null;
  ausencias?: Absence[] | null;
}

/** SWR key of one employee's detail (the drawer and the edit form share it). */
export function employeeKey(cve: number): readonly [string, number] {
  return ['empleado', cve] as const;
}

/** GET catalogos/empleados/{cve}. */
export async function fetchEmployee(cve: number): Promise<EmployeeDetail> {
  const answer = await apiRequest<EmployeeDetail | EmployeeDetail[]>(`${PRI}/catalogos/empleados/${cve}`, {
    errorDialog: false,
  });
  return Array.isArray(answer) ? (answer[0] as EmployeeDetail) : answer;
}

/** Employee detail for the drawer and the edit form. */
export function useEmployee(cve: number | null) {
  return useSWR<EmployeeDetail>(cve ? employeeKey(cve) : null, () => fetchEmployee(cve as number), {
    revalidateOnFocus: false,
  });
}
