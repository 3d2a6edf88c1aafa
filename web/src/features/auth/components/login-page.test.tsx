import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { getSession, setGenericSession } from '@/lib/auth/session';
import { RouterNavigator } from '@/lib/navigation/router-navigator';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { LoginPage } from './login-page';
import { RestorePasswordPage } from './restore-password-page';

const GENERIC = fakeJwt({ cve_empleado: 0, kind: 'generico' });
const SESSION = fakeJwt({ cve_empleado: 5, kind: 'sesion' });
const RESTRICTED = fakeJwt({ cve_empleado: 5, num_empleado: 'E-5', kind: 'restablecer' });
const CIA = { nomcia: 'ACME Capacitación', home_show_register_section: 1, demo: false };

function renderLogin(cia: Record<string, unknown> = CIA, extra: Record<string, (c: RecordedCall) => Response> = {}) {
  const api = mockFetch({ [`GET ${PRI}/cia`]: () => jsonResponse(cia), ...extra });
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        element: (
          <RouterNavigator>
            <LoginPage />
          </RouterNavigator>
        ),
      },
      { path: '/menu/dashboard', element: <p>Tablero</p> },
      { path: '/restorePassword/:jwt', element: <RestorePasswordPage jwt={RESTRICTED} /> },
    ],
    { initialEntries: ['/login'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { api, router };
}

async function fillLogin(user = 'ANA900101MDFRRN01', password = 'Secreta#12') {
  await userEvent.type(await screen.findByRole('textbox', { name: /Usuario/ }), user);
  await userEvent.type(screen.getByLabelText(/^Contraseña/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
}

beforeAll(async () => {
  await setupI18n('auth');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setGenericSession(GENERIC);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Login', () => {
  it('logs in, loads the user and opens the dashboard', async () => {
    const user = { cve_empleado: 5, nombre_empleado: 'Ana', token: SESSION, secciones: ['dashboard'] };
    const { api } = renderLogin(CIA, {
      [`POST ${PRI}/login`]: () => jsonResponse({ resp: 'Excelente', jwt: SESSION }),
      [`POST ${PRI}/usuarios/login`]: () => jsonResponse([user]),
    });
    expect(await screen.findByRole('heading', { name: 'Bienvenido a ACME Capacitación' })).toBeInTheDocument();
    await fillLogin();
    expect(await screen.findByText('Tablero')).toBeInTheDocument();
    const [login] = api.callsTo('POST', `${PRI}/login`);
    expect(login?.headers.get('Authorization')).toBe(`Bearer ${GENERIC}`);
    expect(login?.body).toMatchObject({
      usuario: 'ANA900101MDFRRN01',
      password: 'Secreta#12',
      empresa: 'ACME Capacitación',
      tokenfcm: '',
    });
    expect(getSession()).toMatchObject({ token: SESSION, authenticated: true });
  });

  it("shows the server message with 'Favor de intentar de nuevo' on a failed login", async () => {
    renderLogin(CIA, {
      [`POST ${PRI}/login`]: () => jsonResponse({ resp: 'Usuario o contraseña incorrectos', code: 'auth.credenciales_invalidas' }, 400),
    });
    await fillLogin();
    expect(await screen.findByText(/Usuario o contraseña incorrectos\s+Favor de intentar de nuevo/)).toBeInTheDocument();
  });

  it("answers 'Por favor intenta mas tarde' when the server says the account is busy", async () => {
    renderLogin(CIA, { [`POST ${PRI}/login`]: () => jsonResponse({ resp: 'Sesión ocupada' }) });
    await fillLogin();
    expect(await screen.findByText('Por favor intenta mas tarde')).toBeInTheDocument();
  });

  it("switches to the credential change on 'Cambio de credenciales' and uses the restricted token", async () => {
    const { api } = renderLogin(CIA, {
      [`POST ${PRI}/login`]: () => jsonResponse({ resp: 'Cambio de credenciales', jwt: RESTRICTED, cve_empleado: 5 }),
      [`POST ${PRI}/usuarios/restablecerUsuario`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    await fillLogin();
    expect(await screen.findByRole('heading', { name: 'Cambio de credenciales' })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Enviar' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Nueva contraseña/), 'Nueva#2025x');
    await userEvent.type(screen.getByLabelText(/^Repite la nueva contraseña/), 'Nueva#2025x');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(await screen.findByText('Usuario actualizado')).toBeInTheDocument();
    const [reset] = api.callsTo('POST', `${PRI}/usuarios/restablecerUsuario`);
    expect(reset?.headers.get('Authorization')).toBe(`Bearer ${RESTRICTED}`);
    expect(reset?.body).toEqual({ password: 'Nueva#2025x', cve_empleado: 5 });
  });

  it('validates the recovery e-mail and CURP with the spec messages', async () => {
    const { api } = renderLogin(CIA, { [`POST ${PRI}/usuarios/restablecerContrasena`]: () => jsonResponse({ resp: 'Excelente' }) });
    await userEvent.click(await screen.findByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    // The recovery form loads on demand.
    await userEvent.type(await screen.findByRole('textbox', { name: /Correo electrónico/ }), 'ana@acme');
    await userEvent.type(screen.getByRole('textbox', { name: /CURP o número de empleado/ }), 'ABC-123');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El correo ingresado es incorrecto')).toBeInTheDocument();
    expect(screen.getByText('La CURP ingresada es incorrecta')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/usuarios/restablecerContrasena`)).toHaveLength(0);

    await userEvent.clear(screen.getByRole('textbox', { name: /Correo electrónico/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), 'ana@acme.mx');
    await userEvent.clear(screen.getByRole('textbox', { name: /CURP o número de empleado/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /CURP o número de empleado/ }), 'ABC123');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/usuarios/restablecerContrasena`)).toHaveLength(1));
    expect(api.callsTo('POST', `${PRI}/usuarios/restablecerContrasena`)[0]?.body).toEqual({ email: 'ana@acme.mx', curp: 'ABC123' });
  });

  it('shows the register link only when home_show_register_section is 1', async () => {
    renderLogin({ ...CIA, home_show_register_section: 0 });
    await screen.findByRole('heading', { name: 'Bienvenido a ACME Capacitación' });
    expect(screen.queryByRole('button', { name: 'Regístrate aquí' })).not.toBeInTheDocument();
  });

  it("requires the demo entity in demo mode ('Selecciona la entidad por favor')", async () => {
    const { api } = renderLogin(
      { ...CIA, demo: true },
      { [`GET ${PRI}/clientesDemo`]: () => jsonResponse({ clientesDemo: [{ cve_cliente: 3, nombre_cliente: 'Demo Norte' }] }) },
    );
    await fillLogin();
    expect(await screen.findByText('Selecciona la entidad por favor')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/login`)).toHaveLength(0);
  });
});

describe('/restorePassword/:jwt', () => {
  it("saves the new password, says 'Usuario actualizado' and returns to Login after 1.5 s", async () => {
    const api = mockFetch({
      [`POST ${PRI}/usuarios/restablecerUsuario`]: () => jsonResponse({ resp: 'Excelente' }),
      [`GET ${PRI}/cia`]: () => jsonResponse(CIA),
    });
    const router = createMemoryRouter(
      [
        { path: '/restorePassword/:jwt', element: <RestorePasswordPage jwt={RESTRICTED} /> },
        { path: '/login', element: <p>Pantalla de login</p> },
      ],
      { initialEntries: ['/restorePassword/x'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    await userEvent.type(await screen.findByLabelText(/^Nueva contraseña/), 'E-5');
    await userEvent.type(screen.getByLabelText(/^Repite la nueva contraseña/), 'E-5');
    expect(screen.getByText('Favor de revisar que la contraseña no sea igual al numero de usuario: E-5')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Nueva contraseña/));
    await userEvent.clear(screen.getByLabelText(/^Repite la nueva contraseña/));
    await userEvent.type(screen.getByLabelText(/^Nueva contraseña/), 'Clave#2025a');
    await userEvent.type(screen.getByLabelText(/^Repite la nueva contraseña/), 'Clave#2025a');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Usuario actualizado')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/usuarios/restablecerUsuario`)[0]?.headers.get('Authorization')).toBe(`Bearer ${RESTRICTED}`);
    expect(screen.queryByText('Pantalla de login')).not.toBeInTheDocument();
    expect(await screen.findByText('Pantalla de login', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("treats a non-'Excelente' answer as '!Ups¡'", async () => {
    mockFetch({ [`POST ${PRI}/usuarios/restablecerUsuario`]: () => jsonResponse({ resp: 'Token vencido' }) });
    const router = createMemoryRouter([{ path: '/r', element: <RestorePasswordPage jwt={RESTRICTED} /> }], {
      initialEntries: ['/r'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    await userEvent.type(await screen.findByLabelText(/^Nueva contraseña/), 'Clave#2025a');
    await userEvent.type(screen.getByLabelText(/^Repite la nueva contraseña/), 'Clave#2025a');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('!Ups¡')).toBeInTheDocument();
    expect(screen.getByText('Token vencido')).toBeInTheDocument();
  });
});

describe('registration payload', () => {
  it('sends ids as numbers and the spec defaults', async () => {
    const { registrationPayload } = await import('./register-schema');
    const payload = registrationPayload(
      {
        n2: '1',
        n3: '3',
        n4: '6',
        cve_puesto: '31',
        nombre: ' Pedro Salas ',
        curp: 'sarp900101hnllsd01',
        rfc: 'sarp900101ab1',
        telefono: '8112345678',
        correo: 'pedro@ejemplo.mx',
        genero: 'H',
        fecha_nacimiento: '1990-01-01',
        estado: '19',
      },
      'Almacenista',
      { nomcia: 'ACME', logo: 'https://x/logo.png', color_fondo_header: '#0B3D91' },
      new Date(2026, 10, 20),
    );
    expect(payload).toMatchObject({
      N2: 1,
      N3: 3,
      N4: 6,
      N5: '',
      N6: 'WEB',
      N7: 'WEB',
      cve_puesto: 31,
      Puesto: 'Almacenista',
      NumEmpleado: -1,
      NombreEmpleado: 'Pedro Salas',
      EMP_CURP: 'SARP900101HNLLSD01',
      EMP_RFC: 'SARP900101AB1',
      Activo: 'SI',
      Perfiles: 'Participante',
      FechaIngreso: '2026-11-20',
      estado: 19,
      nombre_cia: 'ACME',
    });
  });
});
