import { MyExportsScreen } from '@/features/reports';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export function prefetch() {
  return loadNamespaces('reports');
}

export async function loader() {
  await loadNamespaces('reports');
  return null;
}

export function Component() {
  return (
    <RequireSection section="reportes.exportaciones">
      <MyExportsScreen />
    </RequireSection>
  );
}
