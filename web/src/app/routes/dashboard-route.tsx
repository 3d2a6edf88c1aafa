import { Stack } from '@mantine/core';
import { DashboardScreen, type DashboardParts } from '@/features/dashboard';
import { getSession, useSession } from '@/lib/auth/session';
import { LazyBlockTraining, LazyMyCertificates, LazyPendingTraining, LazySupplierView } from '../lazy-dashboard-parts';
import { LazyInstructorCourses } from '../lazy-instructor-courses';
import { loadNamespaces } from './route-namespaces';

/** Whoever is signed in as an Instructor sees the courses they teach. */
const teaches = (profile: string | null | undefined) => (profile ?? '').trim().toLowerCase() === 'instructor';

function signedInAsInstructor(): boolean {
  const { user } = getSession();
  return Boolean(user && teaches(user.perfil_sistema ?? user.usuario_sistema));
}

/** The texts this dashboard shows: the courses' only for instructors. */
function namespaces(): string[] {
  return signedInAsInstructor() ? ['dashboard', 'courses'] : ['dashboard'];
}

/** First visit (see routed-app): the texts, before the router exists. */
export function prefetch() {
  return loadNamespaces(...namespaces());
}

export async function loader() {
  await loadNamespaces(...namespaces());
  return null;
}

/** What the dashboard shows of other features (it decides for whom; see DashboardScreen). */
const parts: DashboardParts = {
  pendingTraining: (cveEmpleado) => <LazyPendingTraining cveEmpleado={cveEmpleado} />,
  blockTraining: (cveEmpleado) => <LazyBlockTraining cveEmpleado={cveEmpleado} />,
  certificates: () => <LazyMyCertificates framed={false} />,
  supplierView: () => <LazySupplierView />,
};

export function Component() {
  const { user } = useSession();
  return (
    <Stack gap="lg">
      <DashboardScreen parts={parts} />
      {user && teaches(user.perfil_sistema ?? user.usuario_sistema) && <LazyInstructorCourses />}
    </Stack>
  );
}
