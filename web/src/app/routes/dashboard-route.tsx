import { DashboardScreen } from '@/features/dashboard';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('dashboard');
  return null;
}

export function Component() {
  return <DashboardScreen />;
}
