import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** GET plan_capacitacion/simulador_puesto/{cve_empleado}/{cve_puesto}. */
export type Simulation = Schema<'Simulacion'>;

/** What an employee would hold and lack in another position; `null`s skip the request. */
export function useSimulation(cve: number | null, puesto: number | null) {
  return useSWR<Simulation>(
    cve && puesto ? ['plans.simulador', cve, puesto] : null,
    () => apiRequest<Simulation>(`${PRI}/plan_capacitacion/simulador_puesto/${cve}/${puesto}`, { errorDialog: false }),
    { revalidateOnFocus: false },
  );
}
