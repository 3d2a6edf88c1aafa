import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRI, PUB } from '@/lib/api/client';
import { logout, resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { browser } from '@/lib/browser';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, setupI18n } from '@/test/utils';
import { enablePush, resetPushState, setupPush, vapidKeyBytes } from './web-push';

// 65 bytes, like a P-256 public key.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i * 7) % 256);
const VAPID = btoa(String.fromCharCode(...KEY_BYTES)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const ENDPOINT = 'https://push.example.com/send/abc';

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => PushSubscriptionJSON;
  unsubscribe: ReturnType<typeof vi.fn>;
}

function subscription(key: Uint8Array = KEY_BYTES): FakeSubscription {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'P256', auth: 'AUTH' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

function installBrowser(permission: NotificationPermission, existing: FakeSubscription | null = null) {
  let current = existing;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription();
      return current;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    getRegistration: vi.fn(async () => registration),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission, requestPermission }));
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  resetPushState();
  return { pushManager, serviceWorker, requestPermission, current: () => current };
}

function serve() {
  return mockFetch({
    [`GET ${PUB}/push/vapid`]: () => jsonResponse({ publicKey: VAPID }),
    [`POST ${PRI}/push/suscripciones`]: () => jsonResponse({ resp: 'Excelente' }),
    [`DELETE ${PRI}/push/suscripciones`]: () => jsonResponse({ resp: 'Excelente' }),
    [`DELETE ${PRI}/usuarios/sesiones/eliminar/5/web`]: () => jsonResponse({ resp: 'Excelente' }),
    [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: fakeJwt({ cve_empleado: 0, kind: 'generico' }) }),
  });
}

beforeAll(async () => {
  await setupI18n();
});

beforeEach(() => {
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion', sid: String(Math.random()) }), { cve_empleado: 5, nombre_empleado: 'Luis' });
  vi.spyOn(browser, 'reloadTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  resetPushState();
});

describe('web push', () => {
  it('decodes the base64url VAPID key', () => {
    expect([...vapidKeyBytes(VAPID)]).toEqual([...KEY_BYTES]);
  });

  it('registers the service worker after login without asking for permission', async () => {
    const browserApi = installBrowser('default');
    const api = serve();
    await expect(setupPush()).resolves.toBe('registered');
    expect(browserApi.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(browserApi.requestPermission).not.toHaveBeenCalled();
    expect(browserApi.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.calls).toHaveLength(0);
  });

  it('subscribes with the server key and sends {endpoint, keys} when already allowed', async () => {
    const browserApi = installBrowser('granted');
    const api = serve();
    await expect(setupPush()).resolves.toBe('subscribed');
    const options = (browserApi.pushManager.subscribe.mock.calls as unknown as [PushSubscriptionOptionsInit][])[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect([...(options?.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES]);
    expect(api.callsTo('POST', `${PRI}/push/suscripciones`)[0]?.body).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: 'P256', auth: 'AUTH' },
    });
  });

  it('replaces a subscription made with another server key', async () => {
    const old = subscription(Uint8Array.from({ length: 65 }, () => 1));
    const browserApi = installBrowser('granted', old);
    serve();
    await setupPush();
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(browserApi.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it("asks for permission from the user's click and reports a refusal", async () => {
    const browserApi = installBrowser('denied');
    serve();
    await expect(enablePush()).resolves.toBe('denied');
    expect(browserApi.requestPermission).toHaveBeenCalledTimes(1);
    expect(browserApi.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('unsubscribes on logout, on the server and at the push service', async () => {
    const browserApi = installBrowser('granted');
    const api = serve();
    await setupPush();
    const sub = browserApi.current();
    await logout();
    expect(api.callsTo('DELETE', `${PRI}/push/suscripciones`)[0]?.body).toEqual({ endpoint: ENDPOINT });
    expect(sub?.unsubscribe).toHaveBeenCalled();
    // Before the session itself is deleted (the DELETE needs the session).
    const order = api.calls.map((c) => `${c.method} ${c.url}`);
    expect(order.indexOf(`DELETE ${PRI}/push/suscripciones`)).toBeLessThan(
      order.indexOf(`DELETE ${PRI}/usuarios/sesiones/eliminar/5/web`),
    );
  });
});
