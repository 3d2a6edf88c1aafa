import { Stack } from '@mantine/core';
import { useScreenChrome } from '@/components/page-chrome';
import { hasSection, useSession } from '@/lib/auth/session';
import { useCia } from '@/lib/company/get-cia';
import { isOn } from '@/lib/flags';
import { AdminDashboard } from './admin-dashboard';
import { DashboardHeader } from './dashboard-header';
import { PlanCards } from './plan-cards';
import { MyRankingCard } from './summary-cards';
import { SurveyCard } from './survey-card';
import { ADMIN_VIEW_PROFILES } from './survey-options';
import { TasksCard } from './tasks-card';

/**
 * /menu/dashboard: the header; for whoever has a plan the plan cards and their place in the
 * ranking; everyone's tasks; the admin-style view (cards, charts, ranking) for
 * Administrador, Analista and Supervisor, and the dashboard survey outside it (spec §2, §3,
 * §6; the server decides which survey a profile sees and scopes the figures).
 */
export function DashboardScreen() {
  const { user } = useSession();
  const { data: cia } = useCia();
  useScreenChrome({});
  if (!user) return null;
  const viewer = { cveEmpleado: user.cve_empleado, idperfil: user.idperfil };
  const adminView = ADMIN_VIEW_PROFILES.includes(user.idperfil ?? 0);
  return (
    <Stack gap="lg">
      <DashboardHeader user={user} cia={cia} />
      {hasSection(user, 'plan.mi_plan') && (
        <PlanCards cveEmpleado={user.cve_empleado} withBlocks={isOn(cia?.enable_bloques_cursos)}>
          <MyRankingCard viewer={viewer} />
        </PlanCards>
      )}
      <TasksCard key={user.cve_empleado} me={user} />
      {adminView ? (
        <AdminDashboard key={`${user.cve_empleado}:${user.idperfil ?? ''}`} viewer={viewer} />
      ) : (
        <SurveyCard key={`${user.cve_empleado}:${user.idperfil ?? ''}`} idperfil={user.idperfil} />
      )}
    </Stack>
  );
}
