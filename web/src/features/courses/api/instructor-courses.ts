import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { CursoInstructor } from './types';

const PATH = `${PRI}/dashboard/cursos_instructor`;

/** SWR key of the caller's taught courses. */
export const INSTRUCTOR_COURSES_KEY = 'dashboard.cursos_instructor';

/** GET dashboard/cursos_instructor. */
export function fetchInstructorCourses(): Promise<CursoInstructor[]> {
  return apiRequest<CursoInstructor[]>(PATH, { errorDialog: false });
}

/** The courses the caller teaches, newest first. */
export function useInstructorCourses() {
  return useSWR<CursoInstructor[]>(INSTRUCTOR_COURSES_KEY, fetchInstructorCourses, { revalidateOnFocus: false });
}
