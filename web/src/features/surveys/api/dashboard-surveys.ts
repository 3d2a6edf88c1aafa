import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { EncuestaDashboard, EncuestaDashboardForm } from './types';

/** Table engine url of the dashboard surveys. */
export const DASHBOARD_SURVEYS_TABLE_URL = `${PRI}/configuracion/encuestas/tabla`;

/** SWR key of one dashboard survey. */
export const dashboardSurveyKey = (id: number) => ['configuracion.encuestas', id] as const;

/** GET configuracion/encuestas/{id}. */
export function fetchDashboardSurvey(id: number): Promise<EncuestaDashboard> {
  return apiRequest<EncuestaDashboard>(`${PRI}/configuracion/encuestas/${id}`, { errorDialog: false });
}

/** One dashboard survey; `null` skips the request. */
export function useDashboardSurvey(id: number | null) {
  return useSWR<EncuestaDashboard>(id ? dashboardSurveyKey(id) : null, () => fetchDashboardSurvey(id as number), { revalidateOnFocus: false });
}

/** POST configuracion/encuestas. */
export function postDashboardSurvey(body: EncuestaDashboardForm): Promise<EncuestaDashboard> {
  return apiRequest<EncuestaDashboard>(`${PRI}/configuracion/encuestas`, { method: 'POST', body, errorDialog: false });
}

/** PUT configuracion/encuestas/{id}. */
export function putDashboardSurvey(id: number, body: EncuestaDashboardForm): Promise<EncuestaDashboard> {
  return apiRequest<EncuestaDashboard>(`${PRI}/configuracion/encuestas/${id}`, { method: 'PUT', body, errorDialog: false });
}

/** DELETE configuracion/encuestas/{id} (409 once answered). */
export function deleteDashboardSurvey(id: number): Promise<{ resp: string }> {
  return apiRequest<{ resp: string }>(`${PRI}/configuracion/encuestas/${id}`, { method: 'DELETE', errorDialog: false });
}
