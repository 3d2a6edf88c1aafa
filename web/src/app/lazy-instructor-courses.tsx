import { lazy, Suspense } from 'react';

// Only instructors download the courses feature (its tables and forms) with the dashboard.
const InstructorCourses = lazy(() =>
  import('@/features/courses').then((module) => ({ default: module.InstructorCourses })),
);

/** The dashboard's list of the courses an instructor teaches, loaded when shown. */
export function LazyInstructorCourses() {
  return (
    <Suspense fallback={null}>
      <InstructorCourses />
    </Suspense>
  );
}
