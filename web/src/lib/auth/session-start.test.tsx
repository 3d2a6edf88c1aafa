import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts, pendingAlerts } from '@/lib/alerts';
import { PRI, PUB } from '@/lib/api/client';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { isGenericToken, isValidatableSessionToken } from './jwt';
import { resetLogoutState } from './logout';
import { getSession, reloadSessionFromStorage } from './session';
import { startSession } from './session-start';

const GENERIC = fakeJwt({ cve_empleado: 0, kind: 'generico' });
const SESSION = fakeJwt({ cve_empleado: 7, kind: 'sesion' });
const RENEWED = fakeJwt({ cve_empleado: 7, kind: 'sesion', renewed: true });
const USER = { cve_empleado: 7, nombre_empleado: 'Luis', token: RENEWED, secciones: ['dashboard'] };

function store(token: string | null) {
  if (token) window.localStorage.setItem(STORAGE_KEYS.token, token);
  reloadSessionFromStorage();
}

beforeAll(async () => {
  await setupI18n();
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token rules', () => {
  it('treats employee 0 or kind "generico" as the generic employee', () => {
    expect(isGenericToken(GENERIC)).toBe(true);
    expect(isGenericToken(fakeJwt({ cve_empleado: 0, kind: 'sesion' }))).toBe(true);
    expect(isGenericToken(SESSION)).toBe(false);
  });

  it('validates only stored tokens longer than 100 characters that are not generic', () => {
    expect(SESSION.length).toBeGreaterThan(100);
    expect(isValidatableSessionToken(SESSION)).toBe(true);
    expect(isValidatableSessionToken(GENERIC)).toBe(false);
    expect(isValidatableSessionToken('a.b.c')).toBe(false);
    expect(isValidatableSessionToken('x'.repeat(100))).toBe(false);
    expect(isValidatableSessionToken(null)).toBe(false);
  });
});

describe('session start (spec §4)', () => {
  it('asks for the generic token and, alongside, validates a stored session with usuarios/login', async () => {
    store(SESSION);
    const api = mockFetch({
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: GENERIC }),
      [`POST ${PRI}/usuarios/login`]: () => jsonResponse([USER]),
    });
    await act(async () => {
      await expect(startSession()).resolves.toBe('authenticated');
    });
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET ${PUB}/token/generico`,
      `POST ${PRI}/usuarios/login`,
    ]);
    const login = api.callsTo('POST', `${PRI}/usuarios/login`)[0];
    expect(login?.headers.get('Authorization')).toBe(`Bearer ${SESSION}`);
    expect(login?.body).toEqual({ tokenfcm: '' });
    expect(getSession()).toMatchObject({ token: RENEWED, authenticated: true, user: { nombre_empleado: 'Luis' } });
  });

  it('stores the generic token and goes to Login when the stored token is the generic one', async () => {
    store(fakeJwt({ cve_empleado: 0, kind: 'generico', old: true }));
    const api = mockFetch({ [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: GENERIC }) });
    await act(async () => {
      await expect(startSession()).resolves.toBe('anonymous');
    });
    expect(api.callsTo('POST', `${PRI}/usuarios/login`)).toHaveLength(0);
    expect(getSession()).toMatchObject({ token: GENERIC, authenticated: false, user: null });
  });

  it('does not validate a stored token of 100 characters or fewer', async () => {
    store('short.token.value');
    const api = mockFetch({ [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: GENERIC }) });
    await act(async () => {
      await expect(startSession()).resolves.toBe('anonymous');
    });
    expect(api.callsTo('POST', `${PRI}/usuarios/login`)).toHaveLength(0);
    expect(getSession().token).toBe(GENERIC);
  });

  it('stores the generic token when there is no stored token', async () => {
    store(null);
    mockFetch({ [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: GENERIC }) });
    await act(async () => {
      await expect(startSession()).resolves.toBe('anonymous');
    });
    expect(getSession().token).toBe(GENERIC);
  });

  it('falls back to the generic token, without the expiry dialog, when the stored session is over', async () => {
    store(SESSION);
    mockFetch({
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: GENERIC }),
      [`POST ${PRI}/usuarios/login`]: () => jsonResponse({ code: 'auth.sesion_caducada' }, 401),
    });
    await act(async () => {
      await expect(startSession()).resolves.toBe('anonymous');
    });
    expect(getSession()).toMatchObject({ token: GENERIC, authenticated: false });
    expect(pendingAlerts()).toHaveLength(0);
  });

  it('tries the validation again when the server fails for a moment, and keeps the session', async () => {
    store(SESSION);
    let answers = 0;
    const api = mockFetch({
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: GENERIC }),
      [`POST ${PRI}/usuarios/login`]: () => {
        answers += 1;
        return answers === 1 ? jsonResponse({ code: 'interno.error' }, 503) : jsonResponse([USER]);
      },
    });
    await act(async () => {
      await expect(startSession()).resolves.toBe('authenticated');
    });
    expect(api.callsTo('POST', `${PRI}/usuarios/login`)).toHaveLength(2);
    expect(getSession()).toMatchObject({ token: RENEWED, authenticated: true });
  });

  it('goes to Login after three failed validations, and at once on a 401', async () => {
    store(SESSION);
    const failing = mockFetch({
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: GENERIC }),
      [`POST ${PRI}/usuarios/login`]: () => jsonResponse({ code: 'interno.error' }, 500),
    });
    await act(async () => {
      await expect(startSession()).resolves.toBe('anonymous');
    });
    expect(failing.callsTo('POST', `${PRI}/usuarios/login`)).toHaveLength(3);
    expect(getSession()).toMatchObject({ token: GENERIC, authenticated: false });

    store(SESSION);
    const refused = mockFetch({
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: GENERIC }),
      [`POST ${PRI}/usuarios/login`]: () => jsonResponse({ code: 'auth.sesion_reemplazada' }, 401),
    });
    await act(async () => {
      await expect(startSession()).resolves.toBe('anonymous');
    });
    expect(refused.callsTo('POST', `${PRI}/usuarios/login`)).toHaveLength(1);
  });

  it("says 'Problemas con el servidor' when the generic answer has no token", async () => {
    store(null);
    mockFetch({ [`GET ${PUB}/token/generico`]: () => jsonResponse({}) });
    renderWithProviders(<div />);
    await act(async () => {
      await startSession();
    });
    expect(await screen.findByText('Problemas con el servidor')).toBeInTheDocument();
    expect(screen.getByText('Favor de intentar mas tarde (Repuesta Token Generico)')).toBeInTheDocument();
  });

  it("says 'Problemas para conectarse' when the generic token cannot be fetched", async () => {
    store(null);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    renderWithProviders(<div />);
    await act(async () => {
      await startSession();
    });
    expect(
      await screen.findByText('Favor de revisar su conexión a internet (Consulta Token Generico)'),
    ).toBeInTheDocument();
  });
});
