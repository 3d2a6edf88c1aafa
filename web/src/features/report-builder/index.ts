export { ReportBuilderScreen } from './components/builder-screen';
export { SavedReportsScreen } from './components/saved-screen';
