import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { PRI } from '@/lib/api/client';
import { setSession } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { AvanceArea, FilaRanking, ModalidadMes, Tarjetas } from '../api/dashboard-stats';
import { DashboardScreen } from './dashboard-screen';

// chart.js needs a canvas: the stubs show what the cards hand to each chart.
vi.mock('./dashboard-charts', () => ({
  ModalityChart: ({ label, labels, series }: { label: string; labels: string[]; series: { label: string; color: string; data: number[] }[] }) => (
    <div data-testid="modality-canvas" aria-label={label}>
      {`labels=${labels.join(',')}`}
      {series.map((s) => `|${s.label}(${s.color})=${s.data.join(',')}`).join('')}
    </div>
  ),
  PercentBars: ({ labels, values, color }: { labels: string[]; values: number[]; color: string }) => (
    <div data-testid="region-canvas">{`${color}:${labels.map((l, i) => `${l}=${values[i]}`).join(';')}`}</div>
  ),
  Donut: ({ labels, values, colors }: { labels: string[]; values: number[]; colors: string[] }) => (
    <div data-testid="structure-canvas">{labels.map((l, i) => `${l}=${values[i]}(${colors[i]})`).join(';')}</div>
  ),
}));

const D = `${PRI}/dashboard`;
const CARDS = `${D}/cards`;
const MODALITY = `${D}/modalidadxmes`;
const BY_N2 = `${D}/getCapacitacionPorEstructura`;
const BY_REGION = `${D}/getCapacitacionPorRegion`;
const ranking = (p: string) => `${D}/ranking/${p}`;
const SUMMARY = `${PRI}/plan_capacitacion/consultar_plan_capacitacion/resumen/7`;
const SURVEY = `${D}/encuestas`;
const CIA = `${PRI}/cia`;

const TARJETAS: Tarjetas = {
  total_cursos_programados_esta_semana: 3,
  total_cursos_proximos_vencer: 40,
  total_cursos_impartidos_mes: 2,
  total_costos_cursos: 104350.5,
  mi_ranking: 79,
  cursos_pendientes: 3,
  cursos_terminados: 5,
  cumplimiento: 62.5,
};

/** The server answers the twelve months; only March and November have courses here. */
const MONTHS: ModalidadMes[] = Array.from({ length: 12 }, (_, i) => ({
  nummes: i + 1,
  period: `2026-${String(i + 1).padStart(2, '0')}`,
  presencial: i === 2 ? 4 : i === 10 ? 2 : 0,
  virtual: i === 10 ? 1 : 0,
  streaming: i === 2 ? 1 : 0,
}));

const row = (posicion: number, nombre_empleado: string, insignia: string, total_cursos: number): FilaRanking => ({
  posicion,
  insignia: `/insignias/${insignia}.svg`,
  nombre_empleado,
  tipo_usuario: 'Participante',
  puesto: 'Operador de Línea de Ensamble',
  total_cursos,
});
const TOP_YEAR = [
  row(1, 'Carlos Herrera Montemayor', 'oro', 7),
  row(2, 'Daniel Lozano Guzmán', 'plata', 7),
  row(3, 'Diana Regina Chávez Medina', 'bronce', 6),
  row(4, 'Fernando Gutiérrez Castro', 'estrella', 5),
  row(5, 'Ramón Jiménez Juárez', 'estrella', 5),
];
const TOP_WEEK = [row(1, 'Ana Díaz Vázquez', 'oro', 2)];

const REGIONS: AvanceArea[] = [
  { area: 'Ciudad de México', porcentaje: 66.7, requeridos: 516, acreditados: 344 },
  { area: 'Nuevo León', porcentaje: 62.3, requeridos: 583, acreditados: 363 },
];
const AREAS: AvanceArea[] = [
  { area: 'Industrial', porcentaje: 64.2, requeridos: 2135, acreditados: 1370 },
  { area: 'Comercial', porcentaje: 48, requeridos: 300, acreditados: 144 },
];

const ADMIN: User = {
  cve_empleado: 7,
  nombre_empleado: 'Laura Méndez Garza',
  idperfil: 1,
  secciones: ['dashboard', 'plan.mi_plan'],
};

type Answers = Partial<Record<string, () => Response | Promise<Response>>>;

function serve(over: Answers = {}) {
  const routes: Record<string, () => Response | Promise<Response>> = {
    [`GET ${CARDS}`]: () => jsonResponse(TARJETAS),
    [`GET ${MODALITY}`]: () => jsonResponse(MONTHS),
    [`GET ${BY_N2}`]: () => jsonResponse(AREAS),
    [`GET ${BY_REGION}`]: () => jsonResponse(REGIONS),
    [`GET ${ranking('Anio')}`]: () => jsonResponse(TOP_YEAR),
    [`GET ${ranking('Mes')}`]: () => jsonResponse(TOP_YEAR),
    [`GET ${ranking('Semana')}`]: () => jsonResponse(TOP_WEEK),
    [`GET ${ranking('Dia')}`]: () => jsonResponse([]),
    [`GET ${SUMMARY}`]: () => jsonResponse({ cumplimiento: 62.5, cursos_pendientes: 3, cursos_terminados: 5, proximos_vencer: 0, bloques: 0 }),
    [`GET ${SURVEY}`]: () => jsonResponse({ encuestas: [], encuesta_contestada: false }),
    [`GET ${CIA}`]: () => jsonResponse({ nomcia: 'Sierra Madre', color_1_grafica: '#0B3D91', color_2_grafica: '#2CA58D', color_3_grafica: 'not-a-colour' }),
  };
  for (const [key, answer] of Object.entries(over)) if (answer) routes[key] = answer;
  return mockFetch(routes);
}

function renderDashboard(user: User = ADMIN) {
  setSession(fakeJwt({ cve_empleado: user.cve_empleado, kind: 'sesion' }), user);
  return renderWithProviders(
    <MemoryRouter initialEntries={['/menu/dashboard']}>
      <PageChromeProvider>
        <DashboardScreen />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

const figure = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;

beforeAll(async () => {
  await setupI18n('dashboard');
});
beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin-style dashboard', () => {
  it('shows the server figures on the cards: counts, the costs in MXN and one’s place in the ranking', async () => {
    serve();
    renderDashboard();
    await waitFor(() => expect(figure('card-week')).toBe('3'));
    expect(figure('card-expiring')).toBe('40');
    expect(figure('card-in-person')).toBe('2');
    expect(figure('card-costs')).toBe('$104,350.50');
    expect(screen.getByTestId('card-costs')).toHaveTextContent('Costo de los cursos del año');
    expect(figure('card-my-ranking')).toBe('79.º');
    expect(screen.getByTestId('card-my-ranking')).toHaveTextContent('Mi lugar en el ranking del año');
    // The admin view has no survey.
    expect(screen.getByRole('heading', { level: 2, name: 'Indicadores de capacitación' })).toBeInTheDocument();
  });

  it('shows skeletons while the figures load', async () => {
    let release: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => (release = resolve));
    serve({ [`GET ${CARDS}`]: async () => (await pending, jsonResponse(TARJETAS)), [`GET ${MODALITY}`]: async () => (await pending, jsonResponse(MONTHS)) });
    const { container } = renderDashboard();
    await waitFor(() => expect(container.querySelectorAll('[aria-busy="true"]').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('card-week')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('modality-chart')).queryByTestId('modality-canvas')).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(figure('card-week')).toBe('3'));
    expect(await screen.findByTestId('modality-canvas')).toBeInTheDocument();
  });

  it('gives the modality chart twelve months (zero months included) in the company colours', async () => {
    // Even if the server left months out, January to December are drawn.
    serve({ [`GET ${MODALITY}`]: () => jsonResponse(MONTHS.filter((m) => m.presencial + m.virtual + m.streaming > 0)) });
    renderDashboard();
    const chart = await screen.findByTestId('modality-canvas');
    expect(chart).toHaveTextContent('labels=Ene,Feb,Mar,Abr,May,Jun,Jul,Ago,Sep,Oct,Nov,Dic');
    expect(chart).toHaveTextContent('|Presencial(#0B3D91)=0,0,4,0,0,0,0,0,0,0,2,0');
    expect(chart).toHaveTextContent('|Virtual(#2CA58D)=0,0,0,0,0,0,0,0,0,0,1,0');
    // Not a colour: the palette's third one instead.
    expect(chart).toHaveTextContent('|Streaming(#d9480f)=0,0,1,0,0,0,0,0,0,0,0,0');
    expect(chart).toHaveAttribute('aria-label', expect.stringContaining('2026'));
  });

  it('puts every chart’s figures in a table for screen readers, and shows it with ‘Ver como tabla’', async () => {
    serve();
    renderDashboard();
    const modality = await screen.findByRole('table', { name: 'Cursos de 2026 por mes y modalidad' });
    expect(within(modality).getAllByRole('row')).toHaveLength(13);
    expect(within(modality).getByRole('row', { name: 'Marzo 4 0 1' })).toBeInTheDocument();
    expect(within(modality).getByRole('row', { name: 'Enero 0 0 0' })).toBeInTheDocument();
    expect(within(modality).getByRole('row', { name: 'Noviembre 2 1 0' })).toBeInTheDocument();

    const region = await screen.findByRole('table', { name: 'Capacitación por región' });
    expect(within(region).getByRole('row', { name: 'Ciudad de México 66.7 % 344 516' })).toBeInTheDocument();
    expect(await screen.findByTestId('region-canvas')).toHaveTextContent('#0B3D91:Ciudad de México=66.7;Nuevo León=62.3');

    const n2 = await screen.findByRole('table', { name: 'Capacitación por N2' });
    expect(within(n2).getByRole('row', { name: 'Industrial 64.2 % 1,370 2,135' })).toBeInTheDocument();
    expect(within(n2).getByRole('row', { name: 'Comercial 48 % 144 300' })).toBeInTheDocument();
    expect(within(n2).getByRole('row', { name: 'Total 62.2 % 1,514 2,435' })).toBeInTheDocument();
    expect(await screen.findByTestId('structure-canvas')).toHaveTextContent('Industrial=64.2(#1864ab);Comercial=48(#2b8a3e)');

    // 'Ver como tabla': the table instead of the chart, and back.
    const card = screen.getByTestId('modality-chart');
    const toggle = within(card).getByRole('button', { name: 'Ver como tabla' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).queryByTestId('modality-canvas')).not.toBeInTheDocument();
    expect(within(card).getByRole('table', { name: 'Cursos de 2026 por mes y modalidad' })).toBeVisible();
    await userEvent.click(toggle);
    expect(within(card).getByTestId('modality-canvas')).toBeInTheDocument();
  });

  it('lists the top 5 of the year first, and asks for the chosen period', async () => {
    const api = serve();
    renderDashboard();
    const card = screen.getByTestId('ranking');
    const table = await within(card).findByRole('table');
    const rows = within(table).getAllByTestId('ranking-row');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent(/^1.*Carlos Herrera Montemayor.*Participante.*Operador de Línea de Ensamble.*7$/);
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'Insignia de oro' })).toHaveAttribute('src', '/insignias/oro.svg');
    expect(within(rows[3] as HTMLElement).getByRole('img', { name: 'Insignia de estrella' })).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'Año' })).toBeChecked();
    expect(api.callsTo('GET', ranking('Anio'))).toHaveLength(1);

    await userEvent.click(within(card).getByRole('radio', { name: 'Semana' }));
    await waitFor(() => expect(within(card).getAllByTestId('ranking-row')).toHaveLength(1));
    expect(within(card).getByTestId('ranking-row')).toHaveTextContent('Ana Díaz Vázquez');
    expect(api.callsTo('GET', ranking('Semana'))).toHaveLength(1);

    await userEvent.click(within(card).getByRole('radio', { name: 'Día' }));
    expect(await within(card).findByText('No se encontró información')).toBeInTheDocument();
    expect(api.callsTo('GET', ranking('Dia'))).toHaveLength(1);
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
    expect(api.callsTo('GET', ranking('Mes'))).toHaveLength(0);
  });

  it('says so when there is nothing to draw, and names the N2 failure', async () => {
    serve({
      [`GET ${MODALITY}`]: () => jsonResponse(MONTHS.map((m) => ({ ...m, presencial: 0, virtual: 0, streaming: 0 }))),
      [`GET ${BY_REGION}`]: () => jsonResponse([]),
      [`GET ${BY_N2}`]: () => new Response(JSON.stringify({ resp: 'Error interno', code: 'http.error' }), { status: 500 }),
      [`GET ${CARDS}`]: () => new Response('', { status: 502 }),
    });
    renderDashboard();
    const modality = screen.getByTestId('modality-chart');
    expect(await within(modality).findByText('No se encontró información')).toBeInTheDocument();
    expect(within(modality).queryByRole('button', { name: 'Ver como tabla' })).not.toBeInTheDocument();
    expect(await within(screen.getByTestId('region-chart')).findByText('No se encontró información')).toBeInTheDocument();
    expect(await within(screen.getByTestId('structure-chart')).findByRole('alert')).toHaveTextContent('Problemas para consultar N2');
    // The cards' failure is silent: no figures, no dialog.
    await waitFor(() => expect(figure('card-week')).toBe('—'));
    expect(figure('card-costs')).toBe('—');
    expect(figure('card-my-ranking')).toBe('—');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a Supervisor the same view with the figures the server scoped', async () => {
    const api = serve({ [`GET ${CARDS}`]: () => jsonResponse({ ...TARJETAS, total_cursos_proximos_vencer: 10 }) });
    renderDashboard({ ...ADMIN, cve_empleado: 7, idperfil: 3, nombre_empleado: 'Jorge Salinas Cantú' });
    await waitFor(() => expect(figure('card-expiring')).toBe('10'));
    expect(await screen.findByTestId('modality-canvas')).toBeInTheDocument();
    expect(api.callsTo('GET', SURVEY)).toHaveLength(0);
  });
});

describe('participant dashboard', () => {
  it('keeps the plan cards and the survey, adds one’s ranking (— without accreditations) and no admin figures', async () => {
    const api = serve({ [`GET ${CARDS}`]: () => jsonResponse({ ...TARJETAS, mi_ranking: 0 }) });
    renderDashboard({ ...ADMIN, idperfil: 5, nombre_empleado: 'Luis Hernández Rodríguez' });
    expect(await screen.findByRole('link', { name: /Cursos pendientes\s*3/ })).toBeInTheDocument();
    await waitFor(() => expect(figure('card-my-ranking')).toBe('—'));
    await waitFor(() => expect(api.callsTo('GET', SURVEY)).toHaveLength(1));
    expect(screen.queryByTestId('card-week')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ranking')).not.toBeInTheDocument();
    for (const url of [MODALITY, BY_N2, BY_REGION, ranking('Anio')]) expect(api.callsTo('GET', url)).toHaveLength(0);
  });

  it('shows the participant’s place when they have one', async () => {
    serve();
    renderDashboard({ ...ADMIN, idperfil: 5 });
    await waitFor(() => expect(figure('card-my-ranking')).toBe('79.º'));
  });
});
