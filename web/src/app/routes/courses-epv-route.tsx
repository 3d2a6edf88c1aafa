import { CoursesScreen } from '@/features/courses';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('courses');
  return null;
}

export function Component() {
  return (
    <RequireSection section="cursos.lista_epv">
      <CoursesScreen epv />
    </RequireSection>
  );
}
