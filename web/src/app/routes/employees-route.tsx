import { EmployeesScreen } from '@/features/employees';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('employees');
  return null;
}

export function Component() {
  return (
    <RequireSection section="catalogos.empleados">
      <EmployeesScreen />
    </RequireSection>
  );
}
