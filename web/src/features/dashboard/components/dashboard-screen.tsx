import { Stack } from '@mantine/core';
import { useScreenChrome } from '@/components/page-chrome';
import { hasSection, useSession } from '@/lib/auth/session';
import { useCia } from '@/lib/company/get-cia';
import { isOn } from '@/lib/flags';
import { DashboardHeader } from './dashboard-header';
import { PlanCards } from './plan-cards';

/** /menu/dashboard: the header and, for whoever has a plan, the plan cards. */
export function DashboardScreen() {
  const { user } = useSession();
  const { data: cia } = useCia();
  useScreenChrome({});
  if (!user) return null;
  return (
    <Stack gap="lg">
      <DashboardHeader user={user} cia={cia} />
      {hasSection(user, 'plan.mi_plan') && <PlanCards cveEmpleado={user.cve_empleado} withBlocks={isOn(cia?.enable_bloques_cursos)} />}
    </Stack>
  );
}
