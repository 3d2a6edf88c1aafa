import { Skeleton, Stack } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenChrome } from '@/components/page-chrome';
import { hasSection, useSession } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import { useCia } from '@/lib/company/get-cia';
import { isOn } from '@/lib/flags';
import { AdminDashboard } from './admin-dashboard';
import { DashboardHeader } from './dashboard-header';
import { PlanCards } from './plan-cards';
import { MyRankingCard } from './summary-cards';
import { SurveyCard } from './survey-card';
import { ADMIN_VIEW_PROFILES, PARTICIPANT_VIEW_PROFILES, SUPPLIER_PROFILE } from './survey-options';
import { TasksCard } from './tasks-card';
import { TrainingTabs, type TrainingPanels } from './training-tabs';
import { useLiveDashboard } from './use-live-dashboard';
import { WelcomeSlides } from './welcome-slides';

const PLAN_SECTION = 'plan.mi_plan';
const CERTIFICATES_SECTION = 'constancias.mis_constancias';
const EXTERNAL_CERTIFICATIONS_SECTION = 'plan.certificaciones_externas';

/**
 * The parts of the dashboard that belong to other features (features never import each
 * other: src/app composes them, lazily). Each renders only for the profiles that see it.
 */
export interface DashboardParts {
  /** "Capacitación pendiente": the pending topics of one's plan with their course buttons. */
  pendingTraining?: (cveEmpleado: number) => ReactNode;
  /** "Capacitación por bloques": one's blocks, their progress and topics. */
  blockTraining?: (cveEmpleado: number) => ReactNode;
  /** "Mis constancias": one's certificates. */
  certificates?: () => ReactNode;
  /** Profile 4's supplier view: the external certifications and their upload. */
  supplierView?: () => ReactNode;
}

/** The tabs a user's training panel has (spec §2): none outside Participante and Instructor. */
function trainingPanels(user: User, withBlocks: boolean, parts: DashboardParts): TrainingPanels {
  if (!PARTICIPANT_VIEW_PROFILES.includes(user.idperfil ?? 0)) return {};
  const cve = user.cve_empleado;
  const { pendingTraining, blockTraining, certificates } = parts;
  const plan = hasSection(user, PLAN_SECTION);
  return {
    pending: plan && pendingTraining ? () => pendingTraining(cve) : undefined,
    // Only when the company works with course blocks (enable_bloques_cursos '1').
    blocks: plan && withBlocks && blockTraining ? () => blockTraining(cve) : undefined,
    certificates: hasSection(user, CERTIFICATES_SECTION) && certificates ? certificates : undefined,
  };
}

/**
 * /menu/dashboard: the header; for whoever has a plan the plan cards and their place in the
 * ranking; for Participante and Instructor the training tabs (pending, blocks, certificates);
 * for profile 4 the supplier view; everyone's tasks; the admin-style view (cards, charts,
 * ranking) for Administrador, Analista and Supervisor, and the dashboard survey outside it
 * (spec §2, §3, §6; the server decides which survey a profile sees and scopes the figures).
 * Live: the figures, lists and tasks on screen follow `dashboard:cambio` (useLiveDashboard).
 */
export function DashboardScreen({ parts = {} }: { parts?: DashboardParts }) {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const { data: cia } = useCia();
  useScreenChrome({});
  // What the server says changed (results, seats, tasks) is asked again while on screen.
  useLiveDashboard(user?.cve_empleado ?? 0);
  if (!user) return null;
  const viewer = { cveEmpleado: user.cve_empleado, idperfil: user.idperfil };
  const adminView = ADMIN_VIEW_PROFILES.includes(user.idperfil ?? 0);
  const withBlocks = isOn(cia?.enable_bloques_cursos);
  const supplier = user.idperfil === SUPPLIER_PROFILE && hasSection(user, EXTERNAL_CERTIFICATIONS_SECTION) && parts.supplierView;
  const profileKey = `${user.cve_empleado}:${user.idperfil ?? ''}`;
  return (
    <Stack gap="lg">
      <DashboardHeader user={user} cia={cia} />
      {hasSection(user, PLAN_SECTION) && (
        <PlanCards cveEmpleado={user.cve_empleado} withBlocks={withBlocks}>
          <MyRankingCard viewer={viewer} />
        </PlanCards>
      )}
      <TrainingTabs key={profileKey} panels={trainingPanels(user, withBlocks, parts)} />
      {supplier && (
        <Suspense fallback={<Skeleton height={420} radius="lg" data-testid="supplier-skeleton" />}>
          <section aria-label={t('supplier.title')} data-testid="supplier-view">
            {supplier()}
          </section>
        </Suspense>
      )}
      <TasksCard key={user.cve_empleado} me={user} />
      {adminView ? <AdminDashboard key={profileKey} viewer={viewer} /> : <SurveyCard key={profileKey} idperfil={user.idperfil} />}
      <WelcomeSlides />
    </Stack>
  );
}
