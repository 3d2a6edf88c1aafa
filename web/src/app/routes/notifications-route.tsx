import { NotificationsScreen } from '@/features/notifications';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('notifications');
  return null;
}

export function Component() {
  return (
    <RequireSection section="notificaciones">
      <NotificationsScreen />
    </RequireSection>
  );
}
