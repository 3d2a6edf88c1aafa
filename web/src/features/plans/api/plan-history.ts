import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { PLAN_CONSULT_PATH } from '@/lib/api/shared/plan-summary';

/** One fact of the accreditation ledger. */
export interface Accreditation {
  id_acreditacion: number;
  cve_tema: number;
  abreviatura: string | null;
  nombre_tema: string;
  fecha: string;
  calificacion: number | null;
  origen: string;
  vigencia: string | null;
  estado: string | null;
}

/** A requirement the employee no longer has, and why. */
export interface FormerRequirement {
  id_requerimiento: number;
  programa: string;
  abreviatura?: string | null;
  nombre_tema?: string | null;
  nombre_bloque?: string | null;
  /** deshabilitado | cambio_adscripcion | baja */
  motivo: string;
  fecha: string;
  estado?: string | null;
}

/** The answer of GET …/historial/{cve_empleado}. */
export interface PlanHistory {
  acreditaciones: Accreditation[];
  requerimientos_anteriores: FormerRequirement[];
}

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
