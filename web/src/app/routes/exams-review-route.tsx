import { ReviewScreen } from '@/features/exams';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('exams');
  return null;
}

export function Component() {
  return (
    <RequireSection section="cursos.examenes_resultados">
      <ReviewScreen />
    </RequireSection>
  );
}
