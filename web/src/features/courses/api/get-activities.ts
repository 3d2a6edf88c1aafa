import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { ActividadCurso, ActividadesCurso } from './types';

/** GET cursos/{cve_curso}/actividades. */
export async function fetchActivities(cveCurso: number): Promise<ActividadCurso[]> {
  const answer = await apiRequest<ActividadesCurso>(`${courseUrl(cveCurso)}/actividades`, { errorDialog: false });
  return answer.actividades;
}

/** A course's activities with their submissions. */
export function useActivities(cveCurso: number) {
  return useSWR<ActividadCurso[]>(['cursos.actividades', cveCurso], () => fetchActivities(cveCurso), { revalidateOnFocus: false });
}
