import { EmployeesScreen, preloadEmployeesTable } from '@/features/employees';
import { getSession, hasSection } from '@/lib/auth/session';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

const SECTION = 'catalogos.empleados';

/** First visit (see routed-app): the texts and the table's first page, before the router exists. */
export function prefetch() {
  const { user } = getSession();
  if (user && hasSection(user, SECTION)) preloadEmployeesTable();
  return loadNamespaces('employees');
}

export async function loader() {
  await loadNamespaces('employees');
  return null;
}

export function Component() {
  return (
    <RequireSection section={SECTION}>
      <EmployeesScreen />
    </RequireSection>
  );
}
