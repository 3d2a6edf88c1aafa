import { UserProfilesScreen } from '@/features/user-profiles';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('user-profiles');
  return null;
}

export function Component() {
  return (
    <RequireSection section="configuracion.cambiar_perfil_usuario">
      <UserProfilesScreen />
    </RequireSection>
  );
}
