import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { PLAN_CONSULT_PATH } from '@/lib/api/shared/plan-summary';

/** The two lists of the plan (spec: location = pendientes or completados). */
export type PlanLocation = 'pendientes' | 'completados';

/** Accreditation states (spec §4). */
export type PlanState = 'Pendiente' | 'Acreditado' | 'No acreditado' | 'Vencido';

/** A topic of the employee's plan (spec §3 Planned topic; course fields stay null until courses exist). */
export interface PlannedTopic {
  cve_tema: number;
  cve_curso: number | null;
  nombre: string;
  abreviatura: string | null;
  link_img: string | null;
  /** 1 = mandatory, 0 = optional. */
  obligatoria: number | boolean;
  /** "1" while a prerequisite topic is not Acreditado. */
  prerrequisito: string | null;
  calificacion: number | null;
  modalidad: string | null;
  horas: number | null;
  estado: PlanState;
  fecha_acreditacion: string | null;
  vigencia: string | null;
  fecha_limite: string | null;
  requerido_por: string[] | null;
}

/** The answer of POST …/planeada/{cve_empleado}/{location}. */
export interface PlannedTopics {
  resp: string;
  location: PlanLocation;
  cumplimiento: number | null;
  total_pendientes: number;
  total_completados: number;
  temas: PlannedTopic[];
}

/** SWR key of one list of an employee's plan. */
export const plannedTopicsKey = (cve: number, location: PlanLocation, buscar: string) =>
  ['plans.planeada', cve, location, buscar] as const;

/** POST plan_capacitacion/consultar_plan_capacitacion/planeada/{cve_empleado}/{location} `{buscar?}`. */
export function fetchPlannedTopics(cve: number, location: PlanLocation, buscar: string): Promise<PlannedTopics> {
  // The spec's call names the list with a capital ("Pendientes"); the server accepts both.
  const segment = location === 'pendientes' ? 'Pendientes' : 'Completados';
  return apiRequest<PlannedTopics>(`${PLAN_CONSULT_PATH}/planeada/${cve}/${segment}`, {
    method: 'POST',
    body: buscar ? { buscar } : {},
    errorDialog: false,
  });
}

/** One list of an employee's plan; `null` skips the request. */
export function usePlannedTopics(cve: number | null, location: PlanLocation, buscar = '') {
  return useSWR<PlannedTopics>(
    cve ? plannedTopicsKey(cve, location, buscar) : null,
    () => fetchPlannedTopics(cve as number, location, buscar),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
