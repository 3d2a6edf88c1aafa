export { ChartsScreen } from './components/charts-screen';
export { ProgressScreen } from './components/progress-screen';
export type { ProgressKind } from './api/paths';
