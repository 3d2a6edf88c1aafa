import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import type { PlanState } from './plan-pending';

/**
 * GET plan_capacitacion/simulador_puesto/{cve_empleado}/{cve_puesto} (`Simulacion`).
 * `temas[].estado` is overridden: the server sends the plan state as a string ("Pendiente" |
 * "Acreditado" | "No acreditado" | "Vencido", plans::rules::Estado), but the document's
 * `Estado` schema is the settings' Mexican-state object `{cve_estado, estado}` — two Rust
 * types named `Estado` collide under one schema name.
 */
export type Simulation = Omit<Schema<'Simulacion'>, 'temas'> & {
  temas: (Omit<Schema<'TemaSimulado'>, 'estado'> & { estado: PlanState })[];
};

/** What an employee would hold and lack in another position; `null`s skip the request. */
export function useSimulation(cve: number | null, puesto: number | null) {
  return useSWR<Simulation>(
    cve && puesto ? ['plans.simulador', cve, puesto] : null,
    () => apiRequest<Simulation>(`${PRI}/plan_capacitacion/simulador_puesto/${cve}/${puesto}`, { errorDialog: false }),
    { revalidateOnFocus: false },
  );
}
