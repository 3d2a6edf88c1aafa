import { StpsScreen } from '@/features/stps';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('stps');
  return null;
}

export function Component() {
  return (
    <RequireSection section="catalogos.datos_stps">
      <StpsScreen />
    </RequireSection>
  );
}
