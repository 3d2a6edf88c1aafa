import { Dc4Screen } from '@/features/certificates';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('certificates');
  return null;
}

/** /menu/plantilla_DC4: a company's DC-4 list for a plan year. */
export function Component() {
  return (
    <RequireSection section="cursos.plantilla_dc4">
      <Dc4Screen />
    </RequireSection>
  );
}
