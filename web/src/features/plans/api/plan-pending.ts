import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { PLAN_CONSULT_PATH, plannedTopicsKey } from '@/lib/api/shared/plan-summary';

/** The two lists of the plan (spec: location = pendientes or completados). */
export type PlanLocation = 'pendientes' | 'completados';

/** Accreditation states (spec §4). */
export type PlanState = Schema<'EstadoTema'>;

/**
 * A topic of the employee's plan (spec §3 Planned topic; course fields stay null until courses exist).
 * `estado` is typed by the server as a plain string holding one of {@link PlanState}.
 */
export type PlannedTopic = Schema<'TemaPlaneado'>;

/** The answer of POST …/planeada/{cve_empleado}/{location} (`location` comes back as a plain string). */
export type PlannedTopics = Schema<'PlanPlaneado'>;

export { plannedTopicsKey };

/** POST plan_capacitacion/consultar_plan_capacitacion/planeada/{cve_empleado}/{location} `{buscar?}`. */
export function fetchPlannedTopics(cve: number, location: PlanLocation, buscar: string): Promise<PlannedTopics> {
  // The spec's call names the list with a capital ("Pendientes"); the server accepts both.
  const segment = location === 'pendientes' ? 'Pendientes' : 'Completados';
  const body: Schema<'BuscarBody'> = buscar ? { buscar } : {};
  return apiRequest<PlannedTopics>(`${PLAN_CONSULT_PATH}/planeada/${cve}/${segment}`, {
    method: 'POST',
    body,
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
