import { PendingTraining } from '@/features/plans/components/my-plan/training-panels';
import { PlanSlots } from '../plan-slots';

/** The dashboard's pending training, with the plan's exam and SCORM buttons working as in Mi plan. */
export default function DashboardPendingTraining({ cveEmpleado }: { cveEmpleado: number }) {
  return (
    <PlanSlots>
      <PendingTraining cveEmpleado={cveEmpleado} />
    </PlanSlots>
  );
}
