export { MyPlanScreen } from './components/my-plan/my-plan-screen';
export { fetchPlannedTopics, plannedTopicsKey } from './api/plan-pending';
