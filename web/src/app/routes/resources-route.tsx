import { ResourcesScreen } from '@/features/resources';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('resources');
  return null;
}

export function Component() {
  return (
    <RequireSection section="catalogos.recursos">
      <ResourcesScreen />
    </RequireSection>
  );
}
