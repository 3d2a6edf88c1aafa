import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

// Hand-written: these types mirror the server's surveys document (dashboard/encuestas) until
// the generated client (web/src/lib/api/schema.d.ts) is regenerated with the surveys domain.

/** One question of the active dashboard survey (spec: Survey). */
export interface PreguntaDashboard {
  encuesta: string;
  id_pregunta: number;
  pregunta: string;
  respuesta1: string;
  respuesta2: string;
  respuesta3: string;
  respuesta4: string;
  /** Null until the caller has answered, and always for the Contratista. */
  respuesta1_cantidad: number | null;
  respuesta2_cantidad: number | null;
  respuesta3_cantidad: number | null;
  respuesta4_cantidad: number | null;
  /** 0 none, 1–4 the caller's answer. */
  selected: number;
}

/** GET dashboard/encuestas: the questions of the survey the caller sees now (empty: none). */
export interface DashboardSurvey {
  encuestas: PreguntaDashboard[];
  encuesta_contestada: boolean;
}

/** Path (and first part of the SWR key) of the dashboard survey. */
export const DASHBOARD_SURVEY_KEY = `${PRI}/dashboard/encuestas`;

/** GET dashboard/encuestas. */
export function fetchDashboardSurvey(): Promise<DashboardSurvey> {
  return apiRequest<DashboardSurvey>(DASHBOARD_SURVEY_KEY, { errorDialog: false });
}

/** The dashboard survey of the active profile (it depends on the profile). */
export function useDashboardSurvey(idperfil: number | undefined) {
  return useSWR<DashboardSurvey>([DASHBOARD_SURVEY_KEY, idperfil ?? 0], fetchDashboardSurvey, { revalidateOnFocus: false });
}

/** POST dashboard/encuestas: the caller's answers (once). */
export function postDashboardSurvey(encuestas: { id_pregunta: number; selected: number }[]): Promise<{ resp: string }> {
  return apiRequest<{ resp: string }>(DASHBOARD_SURVEY_KEY, { method: 'POST', body: { encuestas }, errorDialog: false });
}
