import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import { INSTRUCTOR_COURSES_KEY } from '@/lib/api/shared/dashboard-part-keys';
import type { CursoInstructor } from './types';

const PATH = `${PRI}/dashboard/cursos_instructor`;

export { INSTRUCTOR_COURSES_KEY };

/** GET dashboard/cursos_instructor. */
export function fetchInstructorCourses(): Promise<CursoInstructor[]> {
  return apiRequest<CursoInstructor[]>(PATH, { errorDialog: false });
}

/** The courses the caller teaches, newest first. */
export function useInstructorCourses() {
  return useSWR<CursoInstructor[]>(INSTRUCTOR_COURSES_KEY, fetchInstructorCourses, { revalidateOnFocus: false });
}
