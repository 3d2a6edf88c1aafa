import { DashboardScreen } from '@/features/dashboard';
import { loadNamespaces } from './route-namespaces';

/** First visit (see routed-app): the texts, before the router exists. */
export function prefetch() {
  return loadNamespaces('dashboard');
}

export async function loader() {
  await loadNamespaces('dashboard');
  return null;
}

export function Component() {
  return <DashboardScreen />;
}
