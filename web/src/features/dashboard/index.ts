export { DashboardScreen, type DashboardParts } from './components/dashboard-screen';
