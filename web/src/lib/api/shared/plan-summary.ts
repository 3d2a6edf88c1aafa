import useSWR from 'swr';
import { PRI, apiRequest } from '../client';

/** Base path of the plan consultation calls (docs/api-contract.md, "Training plans"). */
export const PLAN_CONSULT_PATH = `${PRI}/plan_capacitacion/consultar_plan_capacitacion`;

/** GET …/resumen/{cve_empleado}: the figures the dashboard cards and the plan header show. */
export interface PlanSummary {
  /** Mandatory Acreditado / mandatory × 100 (one decimal); null without mandatory topics. */
  cumplimiento: number | null;
  cursos_pendientes: number;
  cursos_terminados: number;
  /** Accreditations that expire within 30 days. */
  proximos_vencer: number;
  bloques: number;
}

/** SWR key of an employee's plan summary. */
export const planSummaryKey = (cve: number) => ['plans.resumen', cve] as const;

/** GET plan_capacitacion/consultar_plan_capacitacion/resumen/{cve_empleado}. */
export function fetchPlanSummary(cve: number): Promise<PlanSummary> {
  return apiRequest<PlanSummary>(`${PLAN_CONSULT_PATH}/resumen/${cve}`, { errorDialog: false });
}

/** An employee's plan summary; `null` skips the request. */
export function usePlanSummary(cve: number | null) {
  return useSWR<PlanSummary>(cve ? planSummaryKey(cve) : null, () => fetchPlanSummary(cve as number), {
    revalidateOnFocus: false,
  });
}

/** SWR key of one list of an employee's plan (pendientes / completados) for a search. */
export const plannedTopicsKey = (cve: number, location: 'pendientes' | 'completados', buscar: string) =>
  ['plans.planeada', cve, location, buscar] as const;

/** A topic of a block in the employee's plan. */
export interface PlanBlockTopic {
  cve_tema: number;
  nombre: string;
  modalidad: string | null;
  /** "1" = Acreditado, otherwise Pendiente (spec §4). */
  acreditado: string;
  estado?: string | null;
}

/** A block assigned to the employee (spec §3 Block). */
export interface PlanBlock {
  id_bloque: number;
  nombre_bloque: string;
  tipo_bloque: string | null;
  id_tipo_bloque?: number | null;
  nombre_tipo_bloque?: string | null;
  descripcion?: string | null;
  imagen_url?: string | null;
  total_horas?: number | null;
  /** "1" when every topic is Acreditado. */
  estatus: string;
  porcentaje_avance: number;
  temas: PlanBlockTopic[];
  capacidad_asistencia?: number | null;
  total_asistentes?: number | null;
  modalidad?: string | null;
}

/** SWR key of an employee's blocks for a search. */
export const planBlocksKey = (cve: number, buscar: string) => ['plans.por-bloques', cve, buscar] as const;

/** POST …/planeada/por-bloques/{cve_empleado}/dat `{buscar?}`: the employee's blocks. */
export async function fetchPlanBlocks(cve: number, buscar: string): Promise<PlanBlock[]> {
  const answer = await apiRequest<{ items?: PlanBlock[] }>(`${PLAN_CONSULT_PATH}/planeada/por-bloques/${cve}/dat`, {
    method: 'POST',
    body: buscar ? { buscar } : {},
    errorDialog: false,
  });
  return answer?.items ?? [];
}

/** An employee's blocks; `null` skips the request. */
export function usePlanBlocks(cve: number | null, buscar = '') {
  return useSWR<PlanBlock[]>(cve ? planBlocksKey(cve, buscar) : null, () => fetchPlanBlocks(cve as number, buscar), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
