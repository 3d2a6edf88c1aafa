import { BlocksScreen } from '@/features/blocks';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('blocks');
  return null;
}

export function Component() {
  return (
    <RequireSection section="catalogos.bloques">
      <BlocksScreen />
    </RequireSection>
  );
}
