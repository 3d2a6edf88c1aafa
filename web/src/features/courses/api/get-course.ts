import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';
import type { CursoDetalle } from './types';

/** SWR key of one course. */
export const courseKey = (cveCurso: number) => ['cursos.by_id', cveCurso] as const;

/** GET cursos/by/id/{cve_curso}. */
export function fetchCourse(cveCurso: number): Promise<CursoDetalle> {
  return apiRequest<CursoDetalle>(`${CURSOS}/by/id/${cveCurso}`, { errorDialog: false });
}

/** One course; `null` skips the request. */
export function useCourse(cveCurso: number | null) {
  return useSWR<CursoDetalle>(cveCurso ? courseKey(cveCurso) : null, () => fetchCourse(cveCurso as number), {
    revalidateOnFocus: false,
  });
}
