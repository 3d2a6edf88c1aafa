export { EmployeesScreen } from './components/employees-screen';
