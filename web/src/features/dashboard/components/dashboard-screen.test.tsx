import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { PRI } from '@/lib/api/client';
import { setSession } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { DashboardSurvey } from '../api/dashboard-survey';
import { DashboardScreen, type DashboardParts } from './dashboard-screen';

// The admin view's charts need a canvas; no test here looks at them.
vi.mock('./dashboard-charts', () => ({ ModalityChart: () => null, PercentBars: () => null, Donut: () => null }));

const CVE = 7;
const SUMMARY = `${PRI}/plan_capacitacion/consultar_plan_capacitacion/resumen/${CVE}`;
const CARDS = `${PRI}/dashboard/cards`;
const SURVEY = `${PRI}/dashboard/encuestas`;
const CIA = `${PRI}/cia`;
const TASKS = `${PRI}/tareas`;

const ANSWERED: DashboardSurvey = {
  encuesta_contestada: true,
  encuestas: [
    {
      encuesta: '¿Cómo prefieres tomar tus cursos?',
      id_pregunta: 1,
      pregunta: '¿Qué modalidad prefieres?',
      respuesta1: 'Presencial',
      respuesta2: 'Virtual',
      respuesta3: 'Mixta',
      respuesta4: 'Ninguna',
      respuesta1_cantidad: null,
      respuesta2_cantidad: null,
      respuesta3_cantidad: null,
      respuesta4_cantidad: null,
      selected: 2,
    },
  ],
};

/** Profiles as the demo's permission matrix gives them (migrations/0002_permisos.sql). */
const PARTICIPANTE: User = {
  cve_empleado: CVE,
  nombre_empleado: 'Luis Hernández Rodríguez',
  idperfil: 8,
  perfil_sistema: 'Participante',
  secciones: ['dashboard', 'constancias.mis_constancias', 'plan.mi_plan', 'plan.bloques'],
};
const INSTRUCTOR: User = { ...PARTICIPANTE, nombre_empleado: 'Mariana Torres', idperfil: 5, perfil_sistema: 'Instructor' };
const ADMINISTRADOR: User = { ...PARTICIPANTE, nombre_empleado: 'Laura Méndez', idperfil: 1, perfil_sistema: 'Administrador' };
const CONTRATISTA: User = {
  cve_empleado: CVE,
  nombre_empleado: 'Ricardo Pérez Lozano',
  idperfil: 4,
  perfil_sistema: 'Contratista',
  secciones: ['dashboard', 'constancias.mis_constancias', 'plan.mi_plan', 'plan.certificaciones_externas'],
};

interface Answers {
  blocks?: string | null;
  survey?: DashboardSurvey;
  /** Holds the plan summary and the cards back until it resolves. */
  hold?: Promise<void>;
}

function serve({ blocks = '1', survey = { encuestas: [], encuesta_contestada: false }, hold }: Answers = {}) {
  const held = async (body: unknown) => {
    await hold;
    return jsonResponse(body);
  };
  return mockFetch({
    [`GET ${CIA}`]: () => jsonResponse(blocks === null ? { nomcia: 'Sierra Madre' } : { nomcia: 'Sierra Madre', enable_bloques_cursos: blocks }),
    [`GET ${SUMMARY}`]: () => held({ cumplimiento: 50, cursos_pendientes: 2, cursos_terminados: 2, proximos_vencer: 0, bloques: 1 }),
    [`GET ${CARDS}`]: () =>
      held({
        total_cursos_programados_esta_semana: 1,
        total_cursos_proximos_vencer: 0,
        total_cursos_impartidos_mes: 0,
        total_costos_cursos: 0,
        mi_ranking: 3,
        cursos_pendientes: 2,
        cursos_terminados: 2,
        cumplimiento: 50,
      }),
    [`GET ${SURVEY}`]: () => jsonResponse(survey),
    [`GET ${TASKS}`]: () => jsonResponse([]),
  });
}

/** Stand-ins for the other features' parts (src/app composes the real ones), saying what they were given. */
function stubParts(): Required<DashboardParts> {
  return {
    pendingTraining: (cve) => <p>pending of {cve}</p>,
    blockTraining: (cve) => <p>blocks of {cve}</p>,
    certificates: () => <p>my certificates</p>,
    supplierView: () => <button type="button">Cargar certificaciones</button>,
  };
}

function renderDashboard(user: User, parts: DashboardParts = stubParts()) {
  setSession(fakeJwt({ cve_empleado: user.cve_empleado, kind: 'sesion' }), user);
  return renderWithProviders(
    <MemoryRouter initialEntries={['/menu/dashboard']}>
      <PageChromeProvider>
        <DashboardScreen parts={parts} />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

beforeAll(async () => {
  await setupI18n('dashboard');
});
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard per profile', () => {
  it('gives the Participante the training tabs, pending first and shown', async () => {
    serve();
    renderDashboard(PARTICIPANTE);
    const tablist = await screen.findByRole('tablist', { name: 'Mi capacitación' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Capacitación pendiente',
      'Capacitación por bloques',
      'Mis constancias',
    ]);
    expect(screen.getByRole('tab', { name: 'Capacitación pendiente' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Capacitación pendiente' })).toHaveTextContent(`pending of ${CVE}`);
    // Only the chosen tab's content is rendered (and so downloaded).
    expect(screen.queryByText(`blocks of ${CVE}`)).not.toBeInTheDocument();
    expect(screen.queryByText('my certificates')).not.toBeInTheDocument();
    expect(screen.queryByTestId('supplier-view')).not.toBeInTheDocument();
  });

  it('shows the blocks tab only when the company’s enable_bloques_cursos is ‘1’', async () => {
    serve({ blocks: '0' });
    const { unmount } = renderDashboard(PARTICIPANTE);
    await screen.findByRole('tablist');
    // The company's answer arrives after the first render: wait for the plan cards to settle on it.
    await waitFor(() => expect(screen.getByRole('link', { name: /Cursos pendientes\s*2/ })).toBeInTheDocument());
    expect(tabNames()).toEqual(['Capacitación pendiente', 'Mis constancias']);
    unmount();

    serve({ blocks: null });
    const second = renderDashboard(PARTICIPANTE);
    await waitFor(() => expect(screen.getByRole('link', { name: /Cursos pendientes\s*2/ })).toBeInTheDocument());
    expect(tabNames()).toEqual(['Capacitación pendiente', 'Mis constancias']);
    second.unmount();

    serve({ blocks: '1' });
    renderDashboard(PARTICIPANTE);
    await waitFor(() => expect(tabNames()).toEqual(['Capacitación pendiente', 'Capacitación por bloques', 'Mis constancias']));
  });

  it('moves between the tabs with the arrow keys, rendering each tab’s content when chosen', async () => {
    serve();
    renderDashboard(PARTICIPANTE);
    await waitFor(() => expect(tabNames()).toHaveLength(3));
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Capacitación pendiente' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Capacitación por bloques' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Capacitación por bloques' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(`blocks of ${CVE}`);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Mis constancias' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Mis constancias' })).toHaveTextContent('my certificates');
    expect(screen.queryByText(`pending of ${CVE}`)).not.toBeInTheDocument();
    // The list loops: past the last tab comes the first again.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Capacitación pendiente' })).toHaveAttribute('aria-selected', 'true');
  });

  it('leaves out the tabs whose section the profile lacks', async () => {
    serve();
    renderDashboard({ ...PARTICIPANTE, secciones: ['dashboard', 'plan.mi_plan'] });
    await waitFor(() => expect(tabNames()).toEqual(['Capacitación pendiente', 'Capacitación por bloques']));
  });

  it('gives the Instructor, who has a plan too, the same tabs', async () => {
    serve();
    renderDashboard(INSTRUCTOR);
    await waitFor(() => expect(tabNames()).toEqual(['Capacitación pendiente', 'Capacitación por bloques', 'Mis constancias']));
  });

  it('gives the Administrador no training tabs and no supplier view', async () => {
    serve();
    renderDashboard(ADMINISTRADOR);
    expect(await screen.findByRole('heading', { level: 2, name: 'Indicadores de capacitación' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByTestId('supplier-view')).not.toBeInTheDocument();
  });

  it('gives profile 4 the supplier view besides the survey’s thank-you, and no training tabs', async () => {
    serve({ survey: ANSWERED });
    renderDashboard(CONTRATISTA);
    const supplier = await screen.findByRole('region', { name: 'Certificaciones externas' });
    expect(within(supplier).getByRole('button', { name: 'Cargar certificaciones' })).toBeInTheDocument();
    expect(await screen.findByText('¡Gracias por contestar la encuesta! Tus respuestas nos ayudan a mejorar.')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows no supplier view to profile 4 without the external certifications section, nor to others', async () => {
    serve();
    const { unmount } = renderDashboard({ ...CONTRATISTA, secciones: ['dashboard', 'plan.mi_plan'] });
    await screen.findByRole('link', { name: /Cursos pendientes\s*2/ });
    expect(screen.queryByTestId('supplier-view')).not.toBeInTheDocument();
    unmount();
    serve();
    renderDashboard({ ...PARTICIPANTE, secciones: [...(PARTICIPANTE.secciones ?? []), 'plan.certificaciones_externas'] });
    await screen.findByRole('tablist');
    expect(screen.queryByTestId('supplier-view')).not.toBeInTheDocument();
  });
});

describe('the dashboard while it loads', () => {
  it('shows skeletons, not ‘…’, in the plan cards until the figures arrive', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    serve({ hold: held });
    renderDashboard(PARTICIPANTE);
    expect(await screen.findByTestId('card-my-ranking-loading')).toBeInTheDocument();
    const pendingCard = screen.getByRole('link', { name: 'Cursos pendientes' });
    expect(pendingCard.querySelector('.mantine-Skeleton-root')).not.toBeNull();
    expect(document.body).not.toHaveTextContent('…');
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('card-my-ranking-value')).toHaveTextContent('3.º'));
    expect(screen.getByRole('link', { name: /Cursos pendientes\s*2/ })).toBeInTheDocument();
    expect(screen.queryByTestId('card-my-ranking-loading')).not.toBeInTheDocument();
  });

  it('shows a skeleton of the tab’s shape while its lazily loaded content arrives', async () => {
    let resolve: (module: { default: () => React.ReactElement }) => void = () => undefined;
    const Later = lazy(() => new Promise<{ default: () => React.ReactElement }>((r) => (resolve = r)));
    serve();
    renderDashboard(PARTICIPANTE, { ...stubParts(), pendingTraining: () => <Later /> });
    const panel = await screen.findByRole('tabpanel', { name: 'Capacitación pendiente' });
    expect(within(panel).getByTestId('training-skeleton')).toHaveAttribute('aria-busy', 'true');
    await act(async () => resolve({ default: () => <p>the pending topics</p> }));
    expect(await within(panel).findByText('the pending topics')).toBeInTheDocument();
    expect(within(panel).queryByTestId('training-skeleton')).not.toBeInTheDocument();
  });

  it('shows a skeleton while the supplier view loads', async () => {
    let resolve: (module: { default: () => React.ReactElement }) => void = () => undefined;
    const Later = lazy(() => new Promise<{ default: () => React.ReactElement }>((r) => (resolve = r)));
    serve();
    renderDashboard(CONTRATISTA, { ...stubParts(), supplierView: () => <Later /> });
    expect(await screen.findByTestId('supplier-skeleton')).toBeInTheDocument();
    await act(async () => resolve({ default: () => <p>Registros de alta de empleados</p> }));
    expect(await screen.findByText('Registros de alta de empleados')).toBeInTheDocument();
    expect(screen.queryByTestId('supplier-skeleton')).not.toBeInTheDocument();
  });
});
