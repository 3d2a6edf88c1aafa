import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { PLAN_CONSULT_PATH } from '@/lib/api/shared/plan-summary';

/** One fact of the accreditation ledger. */
export type Accreditation = Schema<'Acreditacion'>;

/** A requirement the employee no longer has, and why. */
export type FormerRequirement = Schema<'RequerimientoAnterior'>;

/** The answer of GET …/historial/{cve_empleado}. */
export type PlanHistory = Schema<'HistorialPlan'>;

/** GET plan_capacitacion/consultar_plan_capacitacion/historial/{cve_empleado}. */
export function fetchPlanHistory(cve: number): Promise<PlanHistory> {
  return apiRequest<PlanHistory>(`${PLAN_CONSULT_PATH}/historial/${cve}`, { errorDialog: false });
}

/** An employee's training history; `null` skips the request. */
export function usePlanHistory(cve: number | null) {
  return useSWR<PlanHistory>(cve ? ['plans.historial', cve] : null, () => fetchPlanHistory(cve as number), {
    revalidateOnFocus: false,
  });
}
