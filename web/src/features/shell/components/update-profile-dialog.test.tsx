import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI, PUB } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import { browser } from '@/lib/browser';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { ConfirmEmailPage } from './confirm-email-page';
import { UpdateProfileDialog } from './update-profile-dialog';

const USER = {
  cve_empleado: 5,
  num_empleado: '1005',
  nombre_empleado: 'Luis Hernández',
  correo_empleado: 'luis@sierramadre.mx',
  rfc_empleado: 'HERL851227AB1',
  telefono: '8112345678',
  genero: 'H',
  fecha_nacimiento: '1985-12-27',
  foto_empleado: '',
} as unknown as User;

beforeAll(async () => {
  await setupI18n('shell');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion' }), USER);
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('UpdateProfileDialog', () => {
  it('saves other fields without asking for the password', async () => {
    const api = mockFetch({
      [`POST ${PRI}/usuarios/actualizar-perfil`]: () => jsonResponse({ resp: 'Excelente', user: [USER] }),
    });
    renderWithProviders(<UpdateProfileDialog opened onClose={() => undefined} user={USER} />);
    const phone = await screen.findByLabelText(/^Teléfono/);
    await userEvent.clear(phone);
    await userEvent.type(phone, '8119999999');
    expect(screen.queryByLabelText(/^Contraseña actual/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(browser.reload).toHaveBeenCalled());
    expect(api.callsTo('POST', `${PRI}/usuarios/actualizar-perfil`)[0]?.body).not.toHaveProperty('pass');
  });

  it('asks for the current password when the e-mail changes and says to confirm from the new address', async () => {
    const api = mockFetch({
      [`POST ${PRI}/usuarios/actualizar-perfil`]: () =>
        jsonResponse({ resp: 'Excelente', user: [USER], correo_pendiente: 'nuevo@correo.mx' }),
    });
    renderWithProviders(<UpdateProfileDialog opened onClose={() => undefined} user={USER} />);
    const email = await screen.findByLabelText(/^Correo electrónico/);
    await userEvent.clear(email);
    await userEvent.type(email, 'nuevo@correo.mx');
    const pass = await screen.findByLabelText(/^Contraseña actual/);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/Escribe tu contraseña actual/)).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/usuarios/actualizar-perfil`)).toHaveLength(0);
    await userEvent.type(pass, 'Mi.Clave2026');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/Te enviamos un enlace a nuevo@correo.mx/)).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/usuarios/actualizar-perfil`)[0]?.body).toMatchObject({
      correo_empleado: 'nuevo@correo.mx',
      pass: 'Mi.Clave2026',
    });
  });
});

describe('ConfirmEmailPage', () => {
  it('sends the link once with the pre-login token and says the e-mail is confirmed', async () => {
    const api = mockFetch({
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: fakeJwt({ cve_empleado: 0, kind: 'generico' }) }),
      [`POST ${PRI}/usuarios/confirmar-correo`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    renderWithProviders(
      <MemoryRouter>
        <ConfirmEmailPage token="abc_DEF-123" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Correo confirmado')).toBeInTheDocument();
    const calls = api.callsTo('POST', `${PRI}/usuarios/confirmar-correo`);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'abc_DEF-123' });
  });

  it("shows the server's reason when the link is no longer valid", async () => {
    mockFetch({
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: fakeJwt({ cve_empleado: 0, kind: 'generico' }) }),
      [`POST ${PRI}/usuarios/confirmar-correo`]: () =>
        jsonResponse({ resp: 'El enlace para confirmar el correo no es válido', code: 'auth.confirmacion_invalida' }, 400),
    });
    renderWithProviders(
      <MemoryRouter>
        <ConfirmEmailPage token="viejo" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No pudimos confirmar tu correo')).toBeInTheDocument();
    expect(screen.getByText('El enlace para confirmar el correo no es válido')).toBeInTheDocument();
  });
});
