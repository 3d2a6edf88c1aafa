import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { ActividadCurso } from './types';

/** GET cursos/{cve_curso}/actividades. */
export function fetchActivities(cveCurso: number): Promise<ActividadCurso[]> {
  return apiRequest<ActividadCurso[]>(`${courseUrl(cveCurso)}/actividades`, { errorDialog: false });
}

/** A course's activities with their submissions. */
export function useActivities(cveCurso: number) {
  return useSWR<ActividadCurso[]>(['cursos.actividades', cveCurso], () => fetchActivities(cveCurso), { revalidateOnFocus: false });
}
