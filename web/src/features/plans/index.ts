import { preloadTable } from '@/components/data-table';
import type { Program } from './api/programs';
import { requirementFilters, requirementsTableUrl } from './api/requirements-table';

export { MyPlanScreen } from './components/my-plan/my-plan-screen';
export { BlockTraining, PendingTraining } from './components/my-plan/training-panels';
export { fetchPlannedTopics, plannedTopicsKey } from './api/plan-pending';
export { RequirementsScreen } from './components/requirements/requirements-screen';
export { FormationWizard } from './components/requirements/formation-wizard';
export { InstitutionalAlta, SpecificAlta } from './components/requirements/structure-alta';
export { EmployeeTopicsAlta } from './components/requirements/employee-topics-alta';

/** Asks for a requirements table's first page (route prefetch), as the screen opens it. */
export function preloadRequirements(program: Program): void {
  preloadTable(requirementsTableUrl(program), {
    filtersEXT: requirementFilters('habilitados'),
    defaultSort: { field: 'id_requerimiento', direction: 'desc' },
  });
}
export {
  BlocksHistoryScreen,
  ConsolidatedProgressScreen,
  ExpiringScreen,
  GeneralHistoryScreen,
  TopicProgressScreen,
} from './components/tables/report-screens';
export { BlockAssignment } from './components/blocks/block-assignment';
export { KardexScreen } from './components/kardex/kardex-screen';
export { AnalystViewScreen } from './components/my-plan/analyst-view-screen';
export { SimulatorScreen } from './components/simulator/simulator-screen';
export { PopulationScreen } from './components/population/population-screen';
export { TopicViewScreen } from './components/topic-view/topic-view-screen';
export type { Program } from './api/programs';
export { PlanExamContext, type PlanExamRenderer, type PlanExamRequest } from './components/my-plan/exam-slot';
export { PlanScormContext, type PlanScormRenderer, type PlanScormRequest } from './components/my-plan/scorm-slot';
