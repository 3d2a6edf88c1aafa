import { Dc3FollowUpScreen } from '@/features/certificates';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('certificates');
  return null;
}

/** /menu/constancias_dc3: the DC-3s owed by the closed courses of a year. */
export function Component() {
  return (
    <RequireSection section="cursos.constancias">
      <Dc3FollowUpScreen />
    </RequireSection>
  );
}
