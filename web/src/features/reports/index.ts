export { MassReportScreen } from './components/mass-report-screen';
export { MyExportsScreen } from './components/my-exports-screen';
