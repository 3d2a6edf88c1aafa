import { OrgScreen } from '@/features/org';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('org');
  return null;
}

export function Component() {
  return (
    <RequireSection section="catalogos.estructura_puestos">
      <OrgScreen />
    </RequireSection>
  );
}
