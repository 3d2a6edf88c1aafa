import { BulkUploadsScreen } from '@/features/bulk-uploads';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('bulk-uploads');
  return null;
}

export function Component() {
  return (
    <RequireSection section="configuracion.cargas_masivas">
      <BulkUploadsScreen />
    </RequireSection>
  );
}
