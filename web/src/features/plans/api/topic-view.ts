import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

const BASE = `${PRI}/plan_capacitacion/tema_view`;

/** GET plan_capacitacion/tema_view/{cve_tema}. */
export type TopicView = Schema<'VistaTema'>;

/** A topic's figures; `null` skips the request. */
export function useTopicView(cve: number | null) {
  return useSWR<TopicView>(cve ? ['plans.tema_view', cve] : null, () => apiRequest<TopicView>(`${BASE}/${cve}`, { errorDialog: false }), { revalidateOnFocus: false });
}

/** Table engine url (POST) of a topic's employees. */
export const topicEmployeesUrl = (cve: number) => `${BASE}/${cve}/tabla`;

/** An employee of a topic's view (hand-typed: the server's table rows are untyped in the OpenAPI document, `TablePage.result`). */
export interface TopicEmployeeRow {
  num_empleado: string | number | null;
  nombre_empleado: string;
  puesto: string | null;
  n4: string | null;
  planta: string | null;
  requerido_por_plan: string | null;
  estado: string;
  fecha_acreditacion: string | null;
  vigencia: string | null;
}
