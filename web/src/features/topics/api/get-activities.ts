import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

export const EVIDENCE_TYPES = ['texto', 'archivo', 'imagen', 'enlace'] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

/** One activity of a topic. */
export interface Activity {
  id_actividad?: number;
  id?: number;
  titulo: string;
  descripcion: string;
  dias_entrega: number;
  tipo_evidencia: EvidenceType;
  limite_caracteres: number | null;
}

/** The activity's key, whichever name the server gives it. */
export function activityId(activity: Activity): number {
  return (activity.id_actividad ?? activity.id) as number;
}

/** SWR key of a topic's activities. */
export const activitiesKey = (cve: number) => ['temas.actividades', cve] as const;

/** GET temas/actividades_temas/{cve_tema}. */
export function fetchActivities(cve: number): Promise<Activity[]> {
  return apiRequest<Activity[]>(`${PRI}/temas/actividades_temas/${cve}`, { errorDialog: false });
}

/** A topic's activities. */
export function useActivities(cve: number) {
  return useSWR<Activity[]>(activitiesKey(cve), () => fetchActivities(cve), { revalidateOnFocus: false });
}
