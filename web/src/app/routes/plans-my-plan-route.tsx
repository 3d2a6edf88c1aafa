import { preload } from 'swr';
import {
  MyPlanScreen,
  PlanExamContext,
  PlanScormContext,
  fetchPlannedTopics,
  plannedTopicsKey,
  type PlanExamRenderer,
  type PlanScormRenderer,
} from '@/features/plans';
import { getSession, hasSection } from '@/lib/auth/session';
import { RequireSection } from '../require-section';
import { LazyExamModal } from './exam-slots';
import { loadNamespaces } from './route-namespaces';
import { LazyPlayerModal } from './scorm-slots';

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

const renderExam: PlanExamRenderer = ({ nombre, onClose, onFinished, ...target }) => (
  <LazyExamModal target={target} title={nombre} onClose={onClose} onFinished={onFinished} />
);

const renderScorm: PlanScormRenderer = ({ cve_empleado, nombre_empleado, cve_tema, nombre, onClose, onFinished }) => (
  <LazyPlayerModal cveEmpleado={cve_empleado} nombreEmpleado={nombre_empleado} cveTema={cve_tema} titulo={nombre} onClose={onClose} onFinished={onFinished} />
);

export function Component() {
  return (
    <RequireSection section={SECTION}>
      <PlanExamContext value={renderExam}>
        <PlanScormContext value={renderScorm}>
          <MyPlanScreen />
        </PlanScormContext>
      </PlanExamContext>
    </RequireSection>
  );
}
