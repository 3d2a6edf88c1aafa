import { CourseDetailScreen, type CourseExamTabRenderer } from '@/features/courses';
import { LazyCourseExamTab } from './exam-slots';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('courses', 'exams');
  return null;
}

const examTab: CourseExamTabRenderer = (course, readOnly) => <LazyCourseExamTab cveCurso={course.cve_curso} readOnly={readOnly} />;

/** Holders of cursos.lista, the course's instructor and its participants: the server decides (403 otherwise). */
export function Component() {
  return <CourseDetailScreen examTab={examTab} />;
}
