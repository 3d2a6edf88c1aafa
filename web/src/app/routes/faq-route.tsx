import { FaqPage } from '@/features/help';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('help');
  return null;
}

export function Component() {
  return <FaqPage />;
}
