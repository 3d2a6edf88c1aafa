import { ApiKeysScreen } from '@/features/api-keys';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('api-keys');
  return null;
}

export function Component() {
  return (
    <RequireSection section="configuracion.apis">
      <ApiKeysScreen />
    </RequireSection>
  );
}
