import { ProgressScreen } from '@/features/indicators';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export function prefetch() {
  return loadNamespaces('indicators');
}

export async function loader() {
  await loadNamespaces('indicators');
  return null;
}

export function Component() {
  return (
    <RequireSection section="indicadores.grupos_temas">
      <ProgressScreen kind="grupos" />
    </RequireSection>
  );
}
