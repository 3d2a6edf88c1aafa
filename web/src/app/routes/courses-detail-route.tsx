import { CourseDetailScreen } from '@/features/courses';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('courses');
  return null;
}

/** Holders of cursos.lista, the course's instructor and its participants: the server decides (403 otherwise). */
export function Component() {
  return <CourseDetailScreen />;
}
