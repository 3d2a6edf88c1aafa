import { TemplatesScreen } from '@/features/surveys';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('surveys');
  return null;
}

export function Component() {
  return (
    <RequireSection section="catalogos.encuestas_cursos">
      <TemplatesScreen />
    </RequireSection>
  );
}
