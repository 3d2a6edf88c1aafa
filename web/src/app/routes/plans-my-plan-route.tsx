import { preload } from 'swr';
import { MyPlanScreen, PlanExamContext, fetchPlannedTopics, plannedTopicsKey, type PlanExamRenderer } from '@/features/plans';
import { getSession, hasSection } from '@/lib/auth/session';
import { RequireSection } from '../require-section';
import { LazyExamModal } from './exam-slots';
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
  return loadNamespaces('plans', 'exams');
}

export async function loader() {
  await loadNamespaces('plans', 'exams');
  return null;
}

const renderExam: PlanExamRenderer = ({ nombre, onClose, onFinished, ...target }) => (
  <LazyExamModal target={target} title={nombre} onClose={onClose} onFinished={onFinished} />
);

export function Component() {
  return (
    <RequireSection section={SECTION}>
      <PlanExamContext value={renderExam}>
        <MyPlanScreen />
      </PlanExamContext>
    </RequireSection>
  );
}
