export { EmployeesScreen } from './components/employees-screen';
export { preloadEmployeesTable } from './api/employees-table';
