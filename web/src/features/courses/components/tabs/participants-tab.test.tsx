import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { CursoDetalle, ParticipanteFila } from '../../api/types';
import { EnrolPanel, ParticipantsTab } from './participants-tab';

function course(free: number, extra: Partial<CursoDetalle> = {}): CursoDetalle {
  return {
    cve_curso: 40,
    cve_tema: 7,
    nombre_tema: 'Seguridad industrial',
    modalidad: 'PRESENCIAL',
    estatus: 'programado',
    fecha_inicio: '2026-06-01',
    fecha_fin: '2026-06-01',
    capacidad: 10,
    inscritos: 10 - free,
    lugares_disponibles: free,
    en_espera: 0,
    dias_acceso: 0,
    autoinscripcion: 1,
    modelo_evaluacion: 'conocimiento',
    moneda: 'MXN',
    tipo_cambio: 1,
    costo_instructor: 0,
    costo_coffee_break: 0,
    costo_impresiones: 0,
    costo_renta_sala: 0,
    costo_otros: 0,
    costo_total: 0,
    curso_cerrado: '0',
    abreviatura: 'SEG',
    epv: 0,
    estatus_epv: 0,
    instructor_interno: true,
    nombre_corto: 'SEG-01',
    reunion_tipo: 'ninguna',
    lista_asistencia: false,
    sesiones: [],
    permisos: { editar: true, inscribir: true, evaluar: true },
    ...extra,
  };
}

const OPTIONS = `${PRI}/catalogos/empleados/opciones`;
const ENROL = `${PRI}/cursos/40/inscribir`;

function serve() {
  return mockFetch({
    [`GET ${OPTIONS}`]: () =>
      jsonResponse([
        { value: 1, label: 'Ana López', nombre: 'Ana López' },
        { value: 2, label: 'Ana María Ruiz', nombre: 'Ana María Ruiz' },
      ]),
    [`POST ${ENROL}`]: () =>
      jsonResponse({ resp: 'Excelente', inscritos: [1], en_espera: [], rechazados: [{ cve_empleado: 2, nombre_empleado: 'Ana María Ruiz', code: 'cursos.mismo_tema', motivo: 'Ya tiene un curso del mismo tema ese día' }] }),
  });
}

async function choose(user: ReturnType<typeof userEvent.setup>, ...names: string[]) {
  const input = screen.getAllByLabelText('Empleados').find((el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden') as HTMLElement;
  for (const name of names) {
    await user.clear(input);
    await user.type(input, 'Ana L');
    await user.click(await screen.findByRole('option', { name, hidden: true }, { timeout: 3000 }));
  }
}

beforeAll(async () => {
  await setupI18n('courses');
});

beforeEach(() => clearAlerts());
afterEach(() => vi.unstubAllGlobals());

describe('enrolling employees', () => {
  it('refuses a list that is not smaller than the free seats (spec §5)', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderWithProviders(<EnrolPanel course={course(2)} onDone={() => undefined} />);
    await choose(user, 'Ana López', 'Ana María Ruiz');
    expect(await screen.findByText('La inscripción masiva solo es posible cuando la lista es menor a los lugares disponibles (2)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inscribir (2)' })).toBeDisabled();
    expect(api.callsTo('POST', ENROL)).toHaveLength(0);
  });

  it('enrols a list below the free seats and lists who was refused and why', async () => {
    const api = serve();
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderWithProviders(<EnrolPanel course={course(5)} onDone={onDone} />);
    await choose(user, 'Ana López', 'Ana María Ruiz');
    await user.click(screen.getByRole('button', { name: 'Inscribir (2)' }));
    await waitFor(() => expect(api.callsTo('POST', ENROL)[0]?.body).toEqual({ empleados: [1, 2], lista_espera: true }));
    expect(await screen.findByText(/Ya tiene un curso del mismo tema ese día/)).toBeInTheDocument();
    expect(onDone).toHaveBeenCalled();
  });
});

const TABLE = `${PRI}/cursos/40/participantes/tabla`;
const CHECK = (cveEmpleado: number) => `${PRI}/cursos/actions/ver_participantes/descargar/dc3/${cveEmpleado}/40`;
const TOKEN = fakeJwt({ cve_empleado: 1, kind: 'sesion' });

const ROWS: ParticipanteFila[] = [
  { cve_inscripcion_ai: 1, cve_empleado: 7, num_empleado: '0007', nombre_empleado: 'Luis Hernández', estatus: 'inscrito', acreditado: 1 },
  { cve_inscripcion_ai: 2, cve_empleado: 8, num_empleado: '0008', nombre_empleado: 'Marta Ruiz', estatus: 'espera', turno_espera: 1 },
] as ParticipanteFila[];

function signIn(secciones: string[]) {
  setSession(TOKEN, { cve_empleado: 1, nombre_empleado: 'Ana', idperfil: 2, secciones });
}

/** The participants tab of a closed course (nobody enrols: only the DC-3 acts on a row). */
function showTab(modalidad: CursoDetalle['modalidad'], routes: Parameters<typeof mockFetch>[0] = {}) {
  const api = mockFetch({
    [`POST ${TABLE}`]: () => jsonResponse({ result: ROWS, pages: { total: ROWS.length }, columns_with_selects: [] }),
    ...routes,
  });
  renderWithProviders(<ParticipantsTab course={course(0, { modalidad, curso_cerrado: '1', estatus: 'cerrado' })} readOnly onChanged={() => undefined} />);
  return api;
}

describe("a participant's DC-3", () => {
  it('is offered for each enrolled participant to whoever follows the certificates', async () => {
    signIn(['cursos.lista', 'cursos.constancias']);
    showTab('PRESENCIAL');
    await screen.findByText('Luis Hernández');
    // One per enrolled participant: the waiting list holds no seat to certify.
    expect(screen.getAllByRole('button', { name: 'Descargar DC-3' })).toHaveLength(1);
  });

  it('is hidden for a virtual course (modality code 2)', async () => {
    signIn(['cursos.lista', 'cursos.constancias']);
    showTab('VIRTUAL');
    await screen.findByText('Luis Hernández');
    expect(screen.queryByRole('button', { name: 'Descargar DC-3' })).not.toBeInTheDocument();
  });

  it('is shown for every other modality', async () => {
    signIn(['cursos.constancias']);
    showTab('STREAMING');
    expect(await screen.findByRole('button', { name: 'Descargar DC-3' })).toBeInTheDocument();
  });

  it('is hidden without the certificates section', async () => {
    signIn(['cursos.lista']);
    showTab('PRESENCIAL');
    await screen.findByText('Luis Hernández');
    expect(screen.queryByRole('button', { name: 'Descargar DC-3' })).not.toBeInTheDocument();
  });

  it('lists the missing data in order, numbered, when the course is incomplete', async () => {
    signIn(['cursos.constancias']);
    const api = showTab('PRESENCIAL', {
      [`GET ${CHECK(7)}`]: () =>
        jsonResponse(
          {
            resp: 'El curso tiene datos incompletos\n1. La CURP del trabajador (18 caracteres)\n2. El RFC con homoclave de la empresa\n3. La firma del instructor',
            code: 'certificados.dc3_incompleto',
            fields: {
              '08_rfc': 'El RFC con homoclave de la empresa',
              '03_curp': 'La CURP del trabajador (18 caracteres)',
              '11_firma_instructor': 'La firma del instructor',
            },
          },
          422,
        ),
    });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar DC-3' }));
    const dialog = await screen.findByRole('dialog', { name: 'El curso tiene datos incompletos' });
    const list = within(dialog).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'La CURP del trabajador (18 caracteres)',
      'El RFC con homoclave de la empresa',
      'La firma del instructor',
    ]);
    expect(api.callsTo('GET', CHECK(7))).toHaveLength(1);
    expect(submit).not.toHaveBeenCalled();
    expect(screen.queryByText('¡Ups!')).not.toBeInTheDocument();
  });

  it("shows the '¡Ups!' dialog when the course has no DC-3 data", async () => {
    signIn(['cursos.constancias']);
    showTab('PRESENCIAL', {
      [`GET ${CHECK(7)}`]: () => jsonResponse({ resp: 'No se encontro información del curso', code: 'certificados.curso_sin_informacion' }, 404),
    });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar DC-3' }));
    expect(await screen.findByText('¡Ups!')).toBeInTheDocument();
    expect(screen.getByText('No se encontro información del curso')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('posts the form in a new tab with the course, the participant and the session token once it can be issued', async () => {
    signIn(['cursos.constancias']);
    let release: (response: Response) => void = () => undefined;
    showTab('PRESENCIAL', {
      [`GET ${CHECK(7)}`]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    const posted: { action: string | null; method: string; target: string; fields: Record<string, string>; attached: boolean }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push({
        action: this.getAttribute('action'),
        method: this.method,
        target: this.target,
        fields: Object.fromEntries([...new FormData(this)].map(([k, v]) => [k, String(v)])),
        attached: document.body.contains(this),
      });
    });
    const button = await screen.findByRole('button', { name: 'Descargar DC-3' });
    await userEvent.click(button);
    // Validating: the button shows it is busy and nothing is posted yet.
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    expect(posted).toHaveLength(0);
    release(jsonResponse({ resp: 'Excelente' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      action: '/api/pri/certificados/dc3',
      method: 'post',
      target: '_blank',
      fields: { cve_curso: '40', cve_empleado: '7', token: TOKEN },
      attached: true,
    });
    // The form lived only for the submit.
    expect(document.querySelector('form[action="/api/pri/certificados/dc3"]')).toBeNull();
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
  });
});

const CERTIFICATE_ROWS: ParticipanteFila[] = [
  { cve_inscripcion_ai: 1, cve_empleado: 7, num_empleado: '0007', nombre_empleado: 'Luis Hernández', estatus: 'inscrito', acreditado: 1 },
  { cve_inscripcion_ai: 3, cve_empleado: 9, num_empleado: '0009', nombre_empleado: 'Ana López', estatus: 'inscrito', acreditado: 0 },
  { cve_inscripcion_ai: 2, cve_empleado: 8, num_empleado: '0008', nombre_empleado: 'Marta Ruiz', estatus: 'espera', turno_espera: 1 },
] as ParticipanteFila[];

/** The participants tab with an accredited, a failed and a waiting participant. */
function showCertificatesTab(extra: Partial<CursoDetalle>) {
  const api = mockFetch({
    [`POST ${TABLE}`]: () => jsonResponse({ result: CERTIFICATE_ROWS, pages: { total: CERTIFICATE_ROWS.length }, columns_with_selects: [] }),
  });
  renderWithProviders(<ParticipantsTab course={course(0, extra)} readOnly onChanged={() => undefined} />);
  return api;
}

const CLOSED = { curso_cerrado: '1', estatus: 'cerrado' } as const;

describe("a participant's course certificate", () => {
  it('is offered for each accredited participant of a closed course to whoever follows the certificates', async () => {
    signIn(['cursos.lista', 'cursos.constancias']);
    showCertificatesTab({ modalidad: 'PRESENCIAL', ...CLOSED });
    await screen.findByText('Ana López');
    const buttons = screen.getAllByRole('button', { name: 'Constancia del curso' });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]?.closest('tr')).toHaveTextContent('Luis Hernández');
    // Next to the DC-3, which every enrolled participant keeps (the check tells what is missing).
    expect(screen.getAllByRole('button', { name: 'Descargar DC-3' })).toHaveLength(2);
  });

  it('is offered for a virtual course too, which carries no DC-3', async () => {
    signIn(['cursos.constancias']);
    showCertificatesTab({ modalidad: 'VIRTUAL', ...CLOSED });
    expect(await screen.findByRole('button', { name: 'Constancia del curso' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descargar DC-3' })).not.toBeInTheDocument();
  });

  it('is hidden while the course is open', async () => {
    signIn(['cursos.constancias']);
    showCertificatesTab({ modalidad: 'PRESENCIAL', curso_cerrado: '0', estatus: 'programado' });
    await screen.findByText('Luis Hernández');
    expect(screen.queryByRole('button', { name: 'Constancia del curso' })).not.toBeInTheDocument();
  });

  it('is hidden without the certificates section', async () => {
    signIn(['cursos.lista']);
    showCertificatesTab({ modalidad: 'PRESENCIAL', ...CLOSED });
    await screen.findByText('Luis Hernández');
    expect(screen.queryByRole('button', { name: 'Constancia del curso' })).not.toBeInTheDocument();
  });

  it('posts its form in a new tab at once, with the course, the participant and the session token', async () => {
    signIn(['cursos.constancias']);
    const api = showCertificatesTab({ modalidad: 'PRESENCIAL', ...CLOSED });
    const posted: { action: string | null; target: string; fields: Record<string, string> }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push({ action: this.getAttribute('action'), target: this.target, fields: Object.fromEntries([...new FormData(this)].map(([k, v]) => [k, String(v)])) });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Constancia del curso' }));
    expect(posted).toEqual([{ action: '/api/pri/certificados/curso', target: '_blank', fields: { cve_curso: '40', cve_empleado: '7', token: TOKEN } }]);
    // No check call: the course certificate has none (a refusal shows in the new tab).
    expect(api.calls.filter((c) => c.url.includes('/descargar/dc3/'))).toHaveLength(0);
  });
});
