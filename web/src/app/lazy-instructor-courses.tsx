import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Only instructors download the courses feature (its tables and forms) with the dashboard.
const InstructorCourses = lazy(() =>
  import('@/features/courses').then((module) => ({ default: module.InstructorCourses })),
);

/** The dashboard's list of the courses an instructor teaches, loaded when shown (a skeleton of its card meanwhile). */
export function LazyInstructorCourses() {
  return (
    <Suspense fallback={<Skeleton height={180} radius="lg" data-testid="instructor-courses-skeleton" />}>
      <InstructorCourses />
    </Suspense>
  );
}
