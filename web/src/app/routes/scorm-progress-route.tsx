import { ProgressScreen } from '@/features/scorm';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('scorm');
  return null;
}

export function Component() {
  return (
    <RequireSection section="cursos.scorm_avance">
      <ProgressScreen />
    </RequireSection>
  );
}
