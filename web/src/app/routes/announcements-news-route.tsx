import { NewsScreen } from '@/features/announcements';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('announcements');
  return null;
}

export function Component() {
  return (
    <RequireSection section="configuracion.noticias">
      <NewsScreen />
    </RequireSection>
  );
}
