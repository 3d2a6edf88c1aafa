import { preload } from 'swr';
import { MyPlanScreen, fetchPlannedTopics, plannedTopicsKey } from '@/features/plans';
import { getSession, hasSection } from '@/lib/auth/session';
import { PlanSlots } from '../plan-slots';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

const SECTION = 'plan.mi_plan';

/** First visit (see routed-app): the texts and the pending list, before the router exists. */
export function prefetch() {
  const { user } = getSession();
  const opensPending = new URLSearchParams(window.location.search).size === 0;
  if (user && hasSection(user, SECTION) && opensPending) {
    const cve = user.cve_empleado;
    void Promise.resolve(preload(plannedTopicsKey(cve, 'pendientes', ''), () => fetchPlannedTopics(cve, 'pendientes', ''))).catch(() => undefined);
  }
  return loadNamespaces('plans', 'exams', 'scorm');
}

export async function loader() {
  await loadNamespaces('plans', 'exams', 'scorm');
  return null;
}

export function Component() {
  return (
    <RequireSection section={SECTION}>
      <PlanSlots>
        <MyPlanScreen />
      </PlanSlots>
    </RequireSection>
  );
}
