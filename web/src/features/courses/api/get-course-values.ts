import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';
import type { CursoValores } from './types';

/** GET cursos/programar/valores/{cve_tema}: the form's defaults from a topic. */
export function fetchCourseValues(cveTema: number): Promise<CursoValores> {
  return apiRequest<CursoValores>(`${CURSOS}/programar/valores/${cveTema}`, { errorDialog: false });
}

/** A topic's course defaults; `null` skips the request. */
export function useCourseValues(cveTema: number | null) {
  return useSWR<CursoValores>(cveTema ? ['cursos.valores', cveTema] : null, () => fetchCourseValues(cveTema as number), {
    revalidateOnFocus: false,
  });
}
