import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { FOLLOW_UP_KEY } from './follow-up';
import { courseFollowUpUrl } from './paths';
import type { DetalleSeguimientoDc3 } from './types';

/** SWR key of one course's follow-up (under the follow-up's key, so one refresh takes both). */
export const courseFollowUpKey = (cveCurso: number) => [FOLLOW_UP_KEY, 'curso', cveCurso] as const;

/** GET certificados/dc3/seguimiento/{cve_curso}: the course and each accredited participant's DC-3. */
export function fetchCourseFollowUp(cveCurso: number): Promise<DetalleSeguimientoDc3> {
  return apiRequest<DetalleSeguimientoDc3>(courseFollowUpUrl(cveCurso), { errorDialog: false });
}

/** One course's DC-3s; `null` asks nothing. */
export function useCourseFollowUp(cveCurso: number | null) {
  return useSWR<DetalleSeguimientoDc3>(cveCurso === null ? null : courseFollowUpKey(cveCurso), () => fetchCourseFollowUp(cveCurso as number));
}
