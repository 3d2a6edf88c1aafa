import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import { listOf } from './options';

/** One absence of an employee (dates `YYYY-MM-DD`). */
export interface Absence {
  id_ausencia?: number;
  id?: number;
  fecha_inicio: string;
  fecha_fin: string;
  motivo: string;
}

/** The absence's id, whichever name the server gives it. */
export function absenceId(absence: Absence): number | undefined {
  return absence.id_ausencia ?? absence.id;
}

/** SWR key of an employee's absences. */
export function absencesKey(cve: number): readonly [string, number] {
  return ['empleado.ausencias', cve] as const;
}

/** GET catalogos/empleados/{cve}/ausencias. */
export async function fetchAbsences(cve: number): Promise<Absence[]> {
  const answer = await apiRequest<unknown>(`${PRI}/catalogos/empleados/${cve}/ausencias`, { errorDialog: false });
  return listOf<Absence>(answer, 'ausencias');
}

/** An employee's absences, newest first. */
export function useAbsences(cve: number | null) {
  return useSWR<Absence[]>(cve ? absencesKey(cve) : null, () => fetchAbsences(cve as number), {
    revalidateOnFocus: false,
  });
}
