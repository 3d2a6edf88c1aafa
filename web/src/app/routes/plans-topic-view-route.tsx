import { TopicViewScreen } from '@/features/plans';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export function prefetch() {
  return loadNamespaces('plans');
}

export async function loader() {
  await loadNamespaces('plans');
  return null;
}

export function Component() {
  return (
    <RequireSection section="plan.tema_view">
      <TopicViewScreen />
    </RequireSection>
  );
}
