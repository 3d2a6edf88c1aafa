import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** Spec §9: the employee autocomplete asks from 4 characters on. */
export const SUGGEST_MIN = 4;

/** An employee the autocomplete offers. */
export interface SuggestedEmployee {
  cve_empleado: number;
  nombre_empleado: string;
  foto_empleado: string | null;
}

/** GET plan_capacitacion/simulador_puesto/autocomplete/empleados?q= (spec §7). */
export function useEmployeeSuggestions(q: string) {
  const term = q.trim();
  return useSWR<SuggestedEmployee[]>(
    term.length >= SUGGEST_MIN ? ['plans.autocomplete', term] : null,
    () => apiRequest<SuggestedEmployee[]>(`${PRI}/plan_capacitacion/simulador_puesto/autocomplete/empleados`, { query: { q: term }, errorDialog: false }),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
