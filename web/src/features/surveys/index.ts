export { TemplatesScreen } from './components/templates-screen';
export { DashboardSurveysScreen } from './components/dashboard-surveys-screen';
