import { preload } from 'swr';
import {
  MyCertificatesScreen,
  fetchMyCertificates,
  fetchOtherCertificates,
  myCertificatesKey,
  otherCertificatesKey,
} from '@/features/my-certificates';
import { getSession, hasSection } from '@/lib/auth/session';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

const SECTION = 'constancias.mis_constancias';

/** First visit (see routed-app): the texts and the lists, before the router exists. */
export function prefetch() {
  const { user } = getSession();
  if (user && hasSection(user, SECTION)) {
    void Promise.resolve(preload(myCertificatesKey(user.cve_empleado), fetchMyCertificates)).catch(() => undefined);
    void Promise.resolve(preload(otherCertificatesKey(user.cve_empleado), fetchOtherCertificates)).catch(() => undefined);
  }
  return loadNamespaces('my-certificates');
}

export async function loader() {
  await loadNamespaces('my-certificates');
  return null;
}

/** /menu/mis_constancias: the signed-in user's own certificates. */
export function Component() {
  return (
    <RequireSection section={SECTION}>
      <MyCertificatesScreen />
    </RequireSection>
  );
}
