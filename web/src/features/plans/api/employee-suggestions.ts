import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** Spec §9: the employee autocomplete asks from 4 characters on. */
export const SUGGEST_MIN = 4;

/** An employee the autocomplete offers. */
export type SuggestedEmployee = Schema<'EmpleadoSugerido'>;

/** GET plan_capacitacion/simulador_puesto/autocomplete/empleados?q= (spec §7). */
export function useEmployeeSuggestions(q: string) {
  const term = q.trim();
  return useSWR<SuggestedEmployee[]>(
    term.length >= SUGGEST_MIN ? ['plans.autocomplete', term] : null,
    () => apiRequest<SuggestedEmployee[]>(`${PRI}/plan_capacitacion/simulador_puesto/autocomplete/empleados`, { query: { q: term }, errorDialog: false }),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
