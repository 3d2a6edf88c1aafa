import { useScreenChrome } from '@/components/page-chrome';
import { useSWRConfig } from 'swr';
import { useSession } from '@/lib/auth/session';
import { PlanView } from './plan-view';

/** /menu/consultar_plan_capacitacion: the signed-in employee's own plan. */
export function MyPlanScreen() {
  const { user } = useSession();
  const { mutate } = useSWRConfig();
  useScreenChrome({
    // Every list of the plan (pending, completed, blocks, history, summary) asks again.
    onUpdate: () => void mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('plans.')),
  });
  if (!user) return null;
  return <PlanView cveEmpleado={user.cve_empleado} />;
}
