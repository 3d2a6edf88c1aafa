import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts, pendingAlerts } from '@/lib/alerts';
import { logout, resetLogoutState } from '@/lib/auth/logout';
import { getSession, reloadSessionFromStorage, setSession } from '@/lib/auth/session';
import { browser } from '@/lib/browser';
import { i18n } from '@/lib/i18n';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { PRI, PUB, apiRequest } from './client';
import { ApiError, NetworkError } from './errors';

const SESSION = fakeJwt({ cve_empleado: 42, kind: 'sesion', sid: 'abc' });
const GENERIC = fakeJwt({ cve_empleado: 0, kind: 'generico' });
const NEW_GENERIC = fakeJwt({ cve_empleado: 0, kind: 'generico', n: 2 });
const USER = { cve_empleado: 42, nombre_empleado: 'Ana López', secciones: ['dashboard'] };

function Host() {
  return null;
}

beforeAll(async () => {
  await setupI18n();
});

beforeEach(() => {
  resetLogoutState();
  clearAlerts();
  vi.spyOn(browser, 'reloadTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function signedIn() {
  setSession(SESSION, USER);
  window.localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: 'tema-1' }]));
}

describe('api client', () => {
  it('sends the bearer token and the Accept-Language of the current language', async () => {
    signedIn();
    const api = mockFetch({ [`GET ${PRI}/cia`]: () => jsonResponse({ nomcia: 'ACME' }) });
    await i18n.changeLanguage('pt');
    try {
      await act(async () => {
        await expect(apiRequest(`${PRI}/cia`)).resolves.toEqual({ nomcia: 'ACME' });
      });
    } finally {
      await i18n.changeLanguage('es');
    }
    const [call] = api.calls;
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${SESSION}`);
    expect(call?.headers.get('Accept-Language')).toBe('pt');
  });

  it("sends URLSearchParams as a form post, not as JSON (the spec's form calls)", async () => {
    signedIn();
    const api = mockFetch({ [`POST ${PRI}/cursos/setPuntajeTema`]: () => jsonResponse({ resp: 'Excelente' }) });
    const form = new URLSearchParams({ nombre_usuario: '42', cve_tema: '7' });
    await act(async () => {
      await apiRequest(`${PRI}/cursos/setPuntajeTema`, { method: 'POST', body: form });
    });
    const [call] = api.calls;
    expect(call?.body).toBe(form);
    expect(call?.headers.get('Content-Type')).toBeNull();
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${SESSION}`);
  });

  it("shows the server's resp in the '¡Ups!' dialog", async () => {
    signedIn();
    mockFetch({
      [`POST ${PRI}/usuarios/registro`]: () => jsonResponse({ resp: 'La CURP ya está registrada', code: 'validacion.curp' }, 422),
    });
    renderWithProviders(<Host />);
    const error = await act(() => apiRequest(`${PRI}/usuarios/registro`, { method: 'POST', body: {} }).catch((e: unknown) => e));
    expect(error).toBeInstanceOf(ApiError);
    expect(await screen.findByText('¡Ups!')).toBeInTheDocument();
    expect(screen.getByText('La CURP ya está registrada')).toBeInTheDocument();
  });

  it('falls back to the errors catalogue by code when the answer has no resp', async () => {
    signedIn();
    mockFetch({ [`GET ${PRI}/x`]: () => jsonResponse({ code: 'http.demasiado_grande' }, 413) });
    renderWithProviders(<Host />);
    await act(async () => {
      await apiRequest(`${PRI}/x`).catch(() => undefined);
    });
    expect(await screen.findByText('La petición es demasiado grande')).toBeInTheDocument();
  });

  it("turns a 401 into 'Sesión Caducada' and logs out after Aceptar", async () => {
    signedIn();
    const api = mockFetch({
      [`GET ${PRI}/dashboard/trial`]: () => jsonResponse({ resp: 'Sesión terminada', code: 'auth.sesion_reemplazada' }, 401),
      [`DELETE ${PRI}/usuarios/sesiones/eliminar/42/web`]: () => jsonResponse({ resp: 'Excelente' }),
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: NEW_GENERIC }),
    });
    renderWithProviders(<Host />);

    await act(async () => {
      await expect(apiRequest(`${PRI}/dashboard/trial`)).rejects.toMatchObject({ status: 401 });
    });
    expect(await screen.findByText('Sesión Caducada')).toBeInTheDocument();
    expect(
      screen.getByText('Otra persona está utilizando este usuario o han pasado mas de 10 minutos sin interacción'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${PRI}/usuarios/sesiones/eliminar/42/web`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));

    await waitFor(() => expect(browser.reloadTo).toHaveBeenCalledWith('/login'));
    expect(api.callsTo('DELETE', `${PRI}/usuarios/sesiones/eliminar/42/web`)).toHaveLength(1);
    expect(getSession()).toMatchObject({ token: NEW_GENERIC, user: null, authenticated: false });
    expect(window.localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
  });

  it('opens a single expiry dialog for several 401s at once', async () => {
    signedIn();
    mockFetch({ [`GET ${PRI}/a`]: () => jsonResponse({ code: 'auth.sesion_caducada' }, 401) });
    renderWithProviders(<Host />);
    await act(async () => {
      await Promise.allSettled([apiRequest(`${PRI}/a`), apiRequest(`${PRI}/a`), apiRequest(`${PRI}/a`)]);
    });
    await screen.findByText('Sesión Caducada');
    expect(pendingAlerts()).toHaveLength(1);
  });

  it('turns a 409 into the change-of-plan modal, then logs out', async () => {
    signedIn();
    const api = mockFetch({
      [`GET ${PRI}/catalogos/estados`]: () => jsonResponse({ resp: 'Tu plan cambió a Empresarial', code: 'http.cambio_plan' }, 409),
      [`DELETE ${PRI}/usuarios/sesiones/eliminar/42/web`]: () => jsonResponse({ resp: 'Excelente' }),
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: NEW_GENERIC }),
    });
    renderWithProviders(<Host />);
    await act(async () => {
      await expect(apiRequest(`${PRI}/catalogos/estados`)).rejects.toMatchObject({ status: 409 });
    });
    expect(await screen.findByText('Cambio de plan')).toBeInTheDocument();
    expect(screen.getByText('Tu plan cambió a Empresarial')).toBeInTheDocument();
    expect(screen.queryByText('¡Ups!')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(browser.reloadTo).toHaveBeenCalledWith('/login'));
    expect(api.callsTo('DELETE', `${PRI}/usuarios/sesiones/eliminar/42/web`)).toHaveLength(1);
  });

  it('leaves a catalogue 409 (duplicado.*) to the caller instead of ending the session', async () => {
    signedIn();
    const api = mockFetch({
      [`POST ${PRI}/catalogos/estructura`]: () =>
        jsonResponse({ resp: 'Ya existe un elemento con ese nombre en el mismo nivel', code: 'duplicado.estructura' }, 409),
    });
    renderWithProviders(<Host />);
    await act(async () => {
      await expect(apiRequest(`${PRI}/catalogos/estructura`, { method: 'POST', body: {} })).rejects.toMatchObject({ status: 409 });
    });
    expect(await screen.findByText('Ya existe un elemento con ese nombre en el mismo nivel')).toBeInTheDocument();
    expect(screen.queryByText('Cambio de plan')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', `${PRI}/usuarios/sesiones/eliminar/42/web`)).toHaveLength(0);
  });

  it("reports a network failure as 'Problemas para conectarse (2)'", async () => {
    signedIn();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderWithProviders(<Host />);
    await act(async () => {
      await expect(apiRequest(`${PRI}/cia`)).rejects.toBeInstanceOf(NetworkError);
    });
    expect(await screen.findByText('Problemas para conectarse')).toBeInTheDocument();
    expect(screen.getByText('Favor de revisar su conexión a internet (2)')).toBeInTheDocument();
  });

  it('renews an expired generic token and retries once instead of ending a session', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, GENERIC);
    reloadSessionFromStorage();
    let first = true;
    const api = mockFetch({
      [`GET ${PRI}/cia`]: (call) => {
        if (first) {
          first = false;
          return jsonResponse({ code: 'auth.sesion_caducada' }, 401);
        }
        return jsonResponse({ nomcia: 'ACME', auth: call.headers.get('Authorization') });
      },
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: NEW_GENERIC }),
    });
    await act(async () => {
      await expect(apiRequest(`${PRI}/cia`)).resolves.toEqual({ nomcia: 'ACME', auth: `Bearer ${NEW_GENERIC}` });
    });
    expect(api.callsTo('GET', `${PRI}/cia`)).toHaveLength(2);
    expect(pendingAlerts()).toHaveLength(0);
    expect(getSession().token).toBe(NEW_GENERIC);
  });

  it('logout deletes the web session, restores the generic token, clears the cart and reloads Login', async () => {
    signedIn();
    const api = mockFetch({
      [`DELETE ${PRI}/usuarios/sesiones/eliminar/42/web`]: () => jsonResponse({ resp: 'Excelente' }),
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: NEW_GENERIC }),
    });
    await logout();
    const [del] = api.callsTo('DELETE', `${PRI}/usuarios/sesiones/eliminar/42/web`);
    expect(del?.headers.get('Authorization')).toBe(`Bearer ${SESSION}`);
    expect(getSession()).toMatchObject({ token: NEW_GENERIC, user: null });
    expect(window.localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
    expect(browser.reloadTo).toHaveBeenCalledWith('/login');
  });
});
