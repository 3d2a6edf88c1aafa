import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { DetalleSeguimientoDc3, EntregaDc3, SeguimientoDc3 } from '../api/types';
import { Dc3FollowUpScreen } from './dc3-follow-up-screen';

const YEAR = new Date().getFullYear();
const LIST = `${PRI}/certificados/dc3/seguimiento`;
const DETAIL = (cve: number) => `${LIST}/${cve}`;
const SEND = (cve: number) => `${PRI}/certificados/dc3/${cve}/enviar`;
const CHECK = (cveEmpleado: number, cveCurso: number) => `${PRI}/cursos/actions/ver_participantes/descargar/dc3/${cveEmpleado}/${cveCurso}`;
const TOKEN = fakeJwt({ cve_empleado: 1, kind: 'sesion' });

function course(cve: number, extra: Partial<SeguimientoDc3> = {}): SeguimientoDc3 {
  return {
    cve_curso: cve,
    nombre_curso: `Curso ${cve}`,
    fecha_inicio: `${YEAR}-03-02`,
    fecha_fin: `${YEAR}-03-03`,
    fecha_limite: `${YEAR}-03-31`,
    dias_restantes: 5,
    acreditados: 10,
    entregadas: 4,
    pendientes: 6,
    estado: 'por_entregar',
    ...extra,
  };
}

const COURSES: SeguimientoDc3[] = [
  course(11, { nombre_curso: 'Primeros auxilios básicos', estado: 'por_entregar', dias_restantes: 8, acreditados: 9, entregadas: 0, pendientes: 9 }),
  course(12, { nombre_curso: 'Manufactura esbelta: 5S en planta', estado: 'vencidas', dias_restantes: -12, acreditados: 10, entregadas: 3, pendientes: 7 }),
  course(13, { nombre_curso: 'Prevención de incendios — brigadistas', estado: 'entregadas', dias_restantes: -40, acreditados: 8, entregadas: 8, pendientes: 0 }),
  course(14, { nombre_curso: 'Factores de riesgo psicosocial — grupo A', estado: 'vencidas', dias_restantes: -1, acreditados: 5, entregadas: 4, pendientes: 1 }),
];

function participant(cve: number, extra: Partial<EntregaDc3> = {}): EntregaDc3 {
  return {
    cve_empleado: cve,
    num_empleado: String(1000 + cve),
    nombre_empleado: `Empleado ${cve}`,
    correo_empleado: `e${cve}@sierramadre.mx`,
    codigo: null,
    entregado: null,
    medio_entrega: null,
    faltantes: [],
    ...extra,
  };
}

const PARTICIPANTS: EntregaDc3[] = [
  participant(7, { nombre_empleado: 'Luis Hernández Rodríguez', codigo: 'K7QM-2XHP-9DWA', entregado: `${YEAR}-04-02T16:30:00Z`, medio_entrega: 'descarga' }),
  participant(8, { nombre_empleado: 'Marta Ruiz Pérez', codigo: 'A1B2-C3D4-E5F6', entregado: `${YEAR}-04-03T16:30:00Z`, medio_entrega: 'correo' }),
  participant(9, { nombre_empleado: 'Ana López García', correo_empleado: null, faltantes: ['La CURP del trabajador (18 caracteres)', 'La ocupación específica del trabajador'] }),
  participant(10, { nombre_empleado: 'Jorge Díaz Soto' }),
];

function detail(cve: number, extra: Partial<DetalleSeguimientoDc3> = {}): DetalleSeguimientoDc3 {
  return { curso: COURSES.find((c) => c.cve_curso === cve) ?? course(cve), participantes: PARTICIPANTS, ...extra };
}

type Routes = Parameters<typeof mockFetch>[0];

function serve(routes: Routes = {}) {
  return mockFetch({
    [`GET ${LIST}`]: (call: RecordedCall) => (new URL(call.url, 'http://x').searchParams.get('anio') === String(YEAR) ? jsonResponse(COURSES) : jsonResponse([])),
    [`GET ${DETAIL(12)}`]: () => jsonResponse(detail(12)),
    ...routes,
  });
}

function Where() {
  const { search } = useLocation();
  return <div data-testid="where">{search}</div>;
}

function renderScreen(path = '/menu/constancias_dc3') {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <PageChromeProvider>
        <Dc3FollowUpScreen />
        <Where />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

const yearsAsked = (api: ReturnType<typeof mockFetch>) => api.callsTo('GET', LIST).map((c) => new URL(c.url, 'http://x').searchParams.get('anio'));
const courseRows = () => within(screen.getByRole('table', { name: `Cursos cerrados de ${YEAR}` })).getAllByRole('row').slice(1);
const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('rowheader', { name: new RegExp(name) }).closest('tr') as HTMLElement;

/** Records the forms posted in a new tab (action, target and fields) instead of submitting them. */
function recordPosts() {
  const posted: { action: string | null; target: string; fields: Record<string, string> }[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push({ action: this.getAttribute('action'), target: this.target, fields: Object.fromEntries([...new FormData(this)].map(([k, v]) => [k, String(v)])) });
  });
  return posted;
}

async function openCourse(user: ReturnType<typeof userEvent.setup>, name = 'Manufactura esbelta: 5S en planta') {
  await user.click(await screen.findByRole('link', { name }));
  return screen.findByRole('table', { name: 'Participantes acreditados' });
}

beforeAll(async () => {
  await setupI18n('certificates');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(TOKEN, { cve_empleado: 1, nombre_empleado: 'Analista', idperfil: 2, secciones: ['cursos.constancias'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the DC-3 follow-up', () => {
  it("asks for the current year's courses and lists them late first, with their state, due date and counts", async () => {
    const api = serve();
    renderScreen();
    await screen.findByRole('link', { name: 'Manufactura esbelta: 5S en planta' });
    expect(yearsAsked(api)).toEqual([String(YEAR)]);
    expect(screen.getByRole('combobox', { name: 'Año' })).toHaveValue(String(YEAR));
    expect(courseRows().map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Manufactura esbelta: 5S en planta',
      'Factores de riesgo psicosocial — grupo A',
      'Primeros auxilios básicos',
      'Prevención de incendios — brigadistas',
    ]);
    const table = screen.getByRole('table', { name: `Cursos cerrados de ${YEAR}` });
    const late = within(rowOf(table, 'Manufactura esbelta'));
    expect(late.getByText('Vencidas')).toBeInTheDocument();
    expect(late.getByText('12 días hábiles de retraso')).toBeInTheDocument();
    expect(late.getAllByRole('cell').map((c) => c.textContent).slice(3, 6)).toEqual(['10', '3', '7']);
    expect(within(rowOf(table, 'Factores de riesgo')).getByText('1 día hábil de retraso')).toBeInTheDocument();
    expect(within(rowOf(table, 'Primeros auxilios')).getByText('Por entregar')).toBeInTheDocument();
    expect(within(rowOf(table, 'Primeros auxilios')).getByText('vence en 8 días hábiles')).toBeInTheDocument();
    const done = within(rowOf(table, 'Prevención de incendios'));
    expect(done.getByText('Entregadas')).toBeInTheDocument();
    expect(done.queryByText(/días hábiles/)).not.toBeInTheDocument();
  });

  it('sums up the year: courses per state with the DC-3s they owe or delivered', async () => {
    serve();
    renderScreen();
    const summary = await screen.findByRole('region', { name: `Resumen de ${YEAR}` });
    const card = (estado: string) => within(within(summary).getByTestId(`dc3-summary-${estado}`));
    expect(card('por_entregar').getByText('Por entregar')).toBeInTheDocument();
    expect(card('por_entregar').getByText('1')).toBeInTheDocument();
    expect(card('por_entregar').getByText('9 DC-3 sin entregar')).toBeInTheDocument();
    expect(card('vencidas').getByText('2')).toBeInTheDocument();
    expect(card('vencidas').getByText('8 DC-3 sin entregar')).toBeInTheDocument();
    expect(card('entregadas').getByText('1')).toBeInTheDocument();
    expect(card('entregadas').getByText('8 DC-3 entregadas')).toBeInTheDocument();
  });

  it('shows skeletons while the list loads', async () => {
    let release: (response: Response) => void = () => undefined;
    serve({ [`GET ${LIST}`]: () => new Promise<Response>((resolve) => (release = resolve)) });
    renderScreen();
    expect(await screen.findByTestId('dc3-courses-skeleton')).toHaveAttribute('aria-busy', 'true');
    release(jsonResponse(COURSES));
    await screen.findByRole('link', { name: 'Primeros auxilios básicos' });
    expect(screen.queryByTestId('dc3-courses-skeleton')).not.toBeInTheDocument();
  });

  it('says when the year has no closed course with DC-3s', async () => {
    serve({ [`GET ${LIST}`]: () => jsonResponse([]) });
    renderScreen();
    expect(await screen.findByText(`No hay cursos cerrados con constancias DC-3 en ${YEAR}`)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's message when the list fails, and retries", async () => {
    let fail = true;
    const api = serve({
      [`GET ${LIST}`]: () => (fail ? jsonResponse({ resp: 'No tienes permiso', code: 'auth.sin_permiso' }, 403) : jsonResponse(COURSES)),
    });
    const user = userEvent.setup();
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No se pudieron cargar los cursos')).toBeInTheDocument();
    expect(within(alert).getByText('No tienes permiso')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('link', { name: 'Primeros auxilios básicos' });
    expect(api.callsTo('GET', LIST)).toHaveLength(2);
  });

  it('changes the year: asks for it, keeps it in the address and closes the open course', async () => {
    const api = serve({
      [`GET ${LIST}`]: (call: RecordedCall) =>
        new URL(call.url, 'http://x').searchParams.get('anio') === String(YEAR - 1)
          ? jsonResponse([course(5, { nombre_curso: 'Curso del año pasado', estado: 'vencidas', dias_restantes: -90, fecha_fin: `${YEAR - 1}-10-01` })])
          : jsonResponse(COURSES),
    });
    const user = userEvent.setup();
    renderScreen(`/menu/constancias_dc3?curso=12`);
    await screen.findByRole('table', { name: 'Participantes acreditados' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Año' }), String(YEAR - 1));
    expect(await screen.findByRole('link', { name: 'Curso del año pasado' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: `Cursos cerrados de ${YEAR - 1}` })).toBeInTheDocument();
    expect(yearsAsked(api)).toEqual([String(YEAR), String(YEAR - 1)]);
    expect(screen.getByTestId('where')).toHaveTextContent(`?anio=${YEAR - 1}`);
    expect(screen.queryByRole('table', { name: 'Participantes acreditados' })).not.toBeInTheDocument();
  });
});

describe("a course's participants", () => {
  it('open from the course link, take the focus, and show code, delivery and missing data', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderScreen();
    const table = await openCourse(user);
    expect(api.callsTo('GET', DETAIL(12))).toHaveLength(1);
    expect(screen.getByTestId('where')).toHaveTextContent(`?anio=${YEAR}&curso=12`);
    const heading = screen.getByRole('heading', { level: 2, name: 'Manufactura esbelta: 5S en planta' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('region', { name: 'Manufactura esbelta: 5S en planta' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manufactura esbelta: 5S en planta' })).toHaveAttribute('aria-current', 'true');

    const luis = within(rowOf(table, 'Luis Hernández'));
    expect(luis.getByText('1007')).toBeInTheDocument();
    expect(luis.getByText('e7@sierramadre.mx')).toBeInTheDocument();
    expect(luis.getByText('K7QM-2XHP-9DWA')).toBeInTheDocument();
    expect(luis.getByText('Descarga')).toBeInTheDocument();
    expect(luis.getByText('Completos')).toBeInTheDocument();
    expect(within(rowOf(table, 'Marta Ruiz')).getByText('Correo')).toBeInTheDocument();
    const ana = within(rowOf(table, 'Ana López'));
    expect(ana.getByText('Sin correo')).toBeInTheDocument();
    expect(ana.getByText('Sin emitir')).toBeInTheDocument();
    expect(ana.getByText('Pendiente')).toBeInTheDocument();
    expect(ana.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'La CURP del trabajador (18 caracteres)',
      'La ocupación específica del trabajador',
    ]);
  });

  it('offer the DC-3 only to whoever has every datum, and the course certificate to everyone', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen();
    const table = await openCourse(user);
    expect(within(table).getAllByRole('button', { name: /^Descargar DC-3 de / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Descargar DC-3 de Luis Hernández Rodríguez',
      'Descargar DC-3 de Marta Ruiz Pérez',
      'Descargar DC-3 de Jorge Díaz Soto',
    ]);
    expect(within(rowOf(table, 'Ana López')).queryByRole('button', { name: /Descargar DC-3/ })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Constancia del curso de / })).toHaveLength(4);
  });

  it('open from the address too, and close back to the list', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen('/menu/constancias_dc3?curso=12');
    await screen.findByRole('table', { name: 'Participantes acreditados' });
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByTestId('dc3-detail')).not.toBeInTheDocument());
    expect(screen.getByTestId('where').textContent).toBe('');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Manufactura esbelta: 5S en planta' })).toHaveFocus());
  });

  it("show the server's message when the course cannot be read", async () => {
    serve({ [`GET ${DETAIL(99)}`]: () => jsonResponse({ resp: 'No se encontro información del curso', code: 'certificados.curso_sin_informacion' }, 404) });
    renderScreen('/menu/constancias_dc3?curso=99');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No se pudieron cargar los participantes del curso')).toBeInTheDocument();
    expect(within(alert).getByText('No se encontro información del curso')).toBeInTheDocument();
  });

  it('download a DC-3: checked first, then its form posted in a new tab with the session token', async () => {
    const api = serve({ [`GET ${CHECK(10, 12)}`]: () => jsonResponse({ resp: 'Excelente' }) });
    const posted = recordPosts();
    const user = userEvent.setup();
    renderScreen();
    await openCourse(user);
    await user.click(screen.getByRole('button', { name: 'Descargar DC-3 de Jorge Díaz Soto' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(api.callsTo('GET', CHECK(10, 12))).toHaveLength(1);
    expect(posted[0]).toEqual({ action: '/api/pri/certificados/dc3', target: '_blank', fields: { cve_curso: '12', cve_empleado: '10', token: TOKEN } });
  });

  it('list the missing data when the check finds the DC-3 incomplete, and post nothing', async () => {
    serve({
      [`GET ${CHECK(10, 12)}`]: () =>
        jsonResponse({ resp: 'El curso tiene datos incompletos', code: 'certificados.dc3_incompleto', fields: { '11_firma_instructor': 'La firma del instructor' } }, 422),
    });
    const posted = recordPosts();
    const user = userEvent.setup();
    renderScreen();
    await openCourse(user);
    await user.click(screen.getByRole('button', { name: 'Descargar DC-3 de Jorge Díaz Soto' }));
    const dialog = await screen.findByRole('dialog', { name: 'El curso tiene datos incompletos' });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['La firma del instructor']);
    expect(posted).toHaveLength(0);
  });

  it('download the course certificate: its form posted in a new tab at once', async () => {
    const api = serve();
    const posted = recordPosts();
    const user = userEvent.setup();
    renderScreen();
    await openCourse(user);
    await user.click(screen.getByRole('button', { name: 'Constancia del curso de Ana López García' }));
    expect(posted).toEqual([{ action: '/api/pri/certificados/curso', target: '_blank', fields: { cve_curso: '12', cve_empleado: '9', token: TOKEN } }]);
    expect(api.calls.filter((c) => c.url.includes('/descargar/dc3/'))).toHaveLength(0);
  });
});

describe("sending a course's DC-3s by e-mail", () => {
  it('asks first, sends, tells what happened and refreshes the lists', async () => {
    const api = serve({ [`POST ${SEND(12)}`]: () => jsonResponse({ resp: 'Excelente', enviadas: 5, ya_entregadas: 3, sin_correo: 1, incompletas: 1 }) });
    const user = userEvent.setup();
    renderScreen();
    await openCourse(user);
    await user.click(screen.getByRole('button', { name: 'Enviar por correo' }));
    let dialog = await screen.findByRole('dialog', { name: 'Enviar las DC-3 por correo' });
    expect(within(dialog).getByText(/«Manufactura esbelta: 5S en planta»/)).toBeInTheDocument();
    expect(within(dialog).getByText('Quedan 7 DC-3 por entregar.')).toBeInTheDocument();
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', SEND(12))).toHaveLength(0);

    const listCalls = api.callsTo('GET', LIST).length;
    const detailCalls = api.callsTo('GET', DETAIL(12)).length;
    await user.click(screen.getByRole('button', { name: 'Enviar por correo' }));
    dialog = await screen.findByRole('dialog', { name: 'Enviar las DC-3 por correo' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const result = await screen.findByTestId('dc3-send-result');
    expect(api.callsTo('POST', SEND(12))).toHaveLength(1);
    expect(api.callsTo('POST', SEND(12))[0]?.body).toEqual({});
    expect(within(result).getByText('Envío terminado')).toBeInTheDocument();
    const figure = (key: string) => within(result).getByTestId(`dc3-sent-${key}`).textContent;
    expect([figure('enviadas'), figure('ya_entregadas'), figure('sin_correo'), figure('incompletas')]).toEqual(['5', '3', '1', '1']);
    expect(within(result).getByText('Enviadas ahora')).toBeInTheDocument();
    expect(within(result).getByText(/Quien no tiene correo/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET', LIST).length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(api.callsTo('GET', DETAIL(12)).length).toBeGreaterThan(detailCalls));
  });

  it('keeps the dialog open with the reason when the sending fails', async () => {
    serve({ [`POST ${SEND(12)}`]: () => jsonResponse({ resp: 'No se encontro información del curso', code: 'certificados.curso_sin_informacion' }, 404) });
    const user = userEvent.setup();
    renderScreen();
    await openCourse(user);
    await user.click(screen.getByRole('button', { name: 'Enviar por correo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar las DC-3 por correo' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('No se encontro información del curso')).toBeInTheDocument();
    expect(screen.queryByTestId('dc3-send-result')).not.toBeInTheDocument();
  });

  it('is not offered once every DC-3 of the course was delivered', async () => {
    serve({ [`GET ${DETAIL(13)}`]: () => jsonResponse(detail(13)) });
    const user = userEvent.setup();
    renderScreen();
    await openCourse(user, 'Prevención de incendios — brigadistas');
    expect(screen.getByRole('button', { name: 'Enviar por correo' })).toBeDisabled();
    expect(screen.getByText('Todas las DC-3 de este curso ya se entregaron.')).toBeInTheDocument();
  });
});
