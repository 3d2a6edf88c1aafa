import { TopicsScreen } from '@/features/topics';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('topics');
  return null;
}

export function Component() {
  return (
    <RequireSection section="catalogos.temas">
      <TopicsScreen />
    </RequireSection>
  );
}
