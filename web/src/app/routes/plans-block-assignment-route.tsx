import { RequirementsScreen, preloadRequirements } from '@/features/plans';
import { getSession, hasSection } from '@/lib/auth/session';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

const SECTION = 'catalogos.asignacion_bloques';

/** First visit (see routed-app): the texts and the table's first page, before the router exists. */
export function prefetch() {
  const { user } = getSession();
  if (user && hasSection(user, SECTION)) preloadRequirements('bloque');
  return loadNamespaces('plans');
}

export async function loader() {
  await loadNamespaces('plans');
  return null;
}

export function Component() {
  return (
    <RequireSection section={SECTION}>
      <RequirementsScreen program="bloque" />
    </RequireSection>
  );
}
