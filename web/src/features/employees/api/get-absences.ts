import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** One absence of an employee (dates `YYYY-MM-DD`). */
export type Absence = Schema<'Ausencia'>;

/** SWR key of an employee's absences. */
export function absencesKey(cve: number): readonly [string, number] {
  return [`${PRI}/catalogos/empleados/ausencias`, cve] as const;
}

/** GET catalogos/empleados/{cve}/ausencias. */
export function fetchAbsences(cve: number): Promise<Absence[]> {
  return apiRequest<Absence[]>(`${PRI}/catalogos/empleados/${cve}/ausencias`, { errorDialog: false });
}

/** An employee's absences, newest first. */
export function useAbsences(cve: number | null) {
  return useSWR<Absence[]>(cve ? absencesKey(cve) : null, () => fetchAbsences(cve as number), {
    revalidateOnFocus: false,
  });
}
