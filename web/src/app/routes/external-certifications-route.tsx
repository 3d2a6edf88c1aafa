import { ExternalCertificationsScreen } from '@/features/external-certifications';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('external-certifications');
  return null;
}

/** /menu/certificaciones_externas: the suppliers' external certifications and their review. */
export function Component() {
  return (
    <RequireSection section="plan.certificaciones_externas">
      <ExternalCertificationsScreen />
    </RequireSection>
  );
}
