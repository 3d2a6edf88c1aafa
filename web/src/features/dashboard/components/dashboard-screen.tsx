import { Stack } from '@mantine/core';
import { useScreenChrome } from '@/components/page-chrome';
import { hasSection, useSession } from '@/lib/auth/session';
import { useCia } from '@/lib/company/get-cia';
import { isOn } from '@/lib/flags';
import { DashboardHeader } from './dashboard-header';
import { PlanCards } from './plan-cards';
import { SurveyCard } from './survey-card';
import { ADMIN_VIEW_PROFILES } from './survey-options';

/**
 * /menu/dashboard: the header, for whoever has a plan the plan cards, and the dashboard survey
 * outside the admin-style views (spec §6; the server decides which survey a profile sees).
 */
export function DashboardScreen() {
  const { user } = useSession();
  const { data: cia } = useCia();
  useScreenChrome({});
  if (!user) return null;
  return (
    <Stack gap="lg">
      <DashboardHeader user={user} cia={cia} />
      {hasSection(user, 'plan.mi_plan') && <PlanCards cveEmpleado={user.cve_empleado} withBlocks={isOn(cia?.enable_bloques_cursos)} />}
      {!ADMIN_VIEW_PROFILES.includes(user.idperfil ?? 0) && <SurveyCard key={`${user.cve_empleado}:${user.idperfil ?? ''}`} idperfil={user.idperfil} />}
    </Stack>
  );
}
