import { ConfirmAttendanceScreen } from '@/features/courses';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('courses');
  return null;
}

/** Open to every signed-in user (the e-mail's and the plan's link): the server checks the enrolment. */
export function Component() {
  return <ConfirmAttendanceScreen />;
}
