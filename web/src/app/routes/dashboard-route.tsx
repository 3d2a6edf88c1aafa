import { Stack } from '@mantine/core';
import { InstructorCourses } from '@/features/courses';
import { DashboardScreen } from '@/features/dashboard';
import { useSession } from '@/lib/auth/session';
import { loadNamespaces } from './route-namespaces';

/** Whoever is signed in as an Instructor sees the courses they teach. */
const teaches = (profile: string | null | undefined) => (profile ?? '').trim().toLowerCase() === 'instructor';

/** First visit (see routed-app): the texts, before the router exists. */
export function prefetch() {
  return loadNamespaces('dashboard', 'courses');
}

export async function loader() {
  await loadNamespaces('dashboard', 'courses');
  return null;
}

export function Component() {
  const { user } = useSession();
  return (
    <Stack gap="lg">
      <DashboardScreen />
      {user && teaches(user.perfil_sistema ?? user.usuario_sistema) && <InstructorCourses />}
    </Stack>
  );
}
