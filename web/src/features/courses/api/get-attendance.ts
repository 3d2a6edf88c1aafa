import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { ListaAsistencia } from './types';

/** SWR key of a course's attendance list. */
export const attendanceKey = (cveCurso: number) => ['cursos.asistencia', cveCurso] as const;

/** GET cursos/{cve_curso}/asistencia. */
export function fetchAttendance(cveCurso: number): Promise<ListaAsistencia> {
  return apiRequest<ListaAsistencia>(`${courseUrl(cveCurso)}/asistencia`, { errorDialog: false });
}

/** A course's participants × sessions. */
export function useAttendance(cveCurso: number) {
  return useSWR<ListaAsistencia>(attendanceKey(cveCurso), () => fetchAttendance(cveCurso), { revalidateOnFocus: false });
}
