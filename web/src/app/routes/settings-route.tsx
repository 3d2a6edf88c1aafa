import { SettingsScreen } from '@/features/settings';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('settings');
  return null;
}

export function Component() {
  return (
    <RequireSection section="configuracion.sitio">
      <SettingsScreen />
    </RequireSection>
  );
}
