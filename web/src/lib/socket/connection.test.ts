import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts, pendingAlerts } from '@/lib/alerts';
import { PRI, PUB } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { takePendingNotice } from '@/lib/auth/notice';
import { getSession, setSession } from '@/lib/auth/session';
import { browser } from '@/lib/browser';
import { mockFetch } from '@/test/fetch-mock';
import { FakeSocket, fakeSocketFactory } from '@/test/fake-socket';
import { fakeJwt, jsonResponse, setupI18n } from '@/test/utils';
import { RealtimeError, RealtimeTimeoutError, emitWithAck } from './call';
import {
  followSession,
  getRealtimeStatus,
  onRealtime,
  realtimeCall,
  resetRealtime,
  retryDelay,
  setSocketFactory,
  startRealtime,
} from './connection';

const TOKEN = fakeJwt({ cve_empleado: 42, kind: 'sesion', sid: 'a' });
const OTHER_TOKEN = fakeJwt({ cve_empleado: 42, kind: 'sesion', sid: 'b' });
const GENERIC = fakeJwt({ cve_empleado: 0, kind: 'generico' });
const USER = { cve_empleado: 42, nombre_empleado: 'Ana López', secciones: ['barra.chat'] };

let sockets: ReturnType<typeof fakeSocketFactory>;

beforeAll(async () => {
  await setupI18n();
});

beforeEach(() => {
  resetRealtime();
  resetLogoutState();
  clearAlerts();
  sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
  vi.spyOn(browser, 'reloadTo').mockImplementation(() => undefined);
});

afterEach(() => {
  resetRealtime();
  setSocketFactory(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function serveLogout() {
  return mockFetch({
    [`DELETE ${PRI}/usuarios/sesiones/eliminar/42/web`]: () => jsonResponse({ code: 'auth.sesion_reemplazada' }, 401),
    [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: GENERIC }),
  });
}

describe('ack wrapper', () => {
  it('resolves with the ack when the server answers ok', async () => {
    const socket = new FakeSocket();
    socket.replies.set('chat:send', (p: unknown) => ({ ok: true, mensaje: { id: 7, mensaje: (p as { mensaje: string }).mensaje } }));
    const ack = await emitWithAck(socket, 'chat:send', { para: 9, mensaje: 'hola' });
    expect(ack.mensaje).toMatchObject({ id: 7, mensaje: 'hola' });
    expect(socket.callsTo('chat:send')[0]?.payload).toEqual({ para: 9, mensaje: 'hola' });
  });

  it('sends no payload for calls that take none', async () => {
    const socket = new FakeSocket();
    socket.replies.set('chat:list', { ok: true, chats: [] });
    await emitWithAck(socket, 'chat:list', undefined);
    const [call] = socket.callsTo('chat:list');
    expect(call?.payload).toBeUndefined();
    expect(call?.ack).toBeTypeOf('function');
  });

  it("rejects with the server's code and resp when the ack is {ok:false}", async () => {
    const socket = new FakeSocket();
    socket.replies.set('chat:send', { ok: false, error: { code: 'validacion.texto_largo', resp: 'El texto es demasiado largo' } });
    const failure = emitWithAck(socket, 'chat:send', { para: 9, mensaje: 'x' });
    await expect(failure).rejects.toBeInstanceOf(RealtimeError);
    await expect(failure).rejects.toMatchObject({ code: 'validacion.texto_largo', resp: 'El texto es demasiado largo' });
  });

  it('rejects with a timeout when no ack arrives, and ignores a late one', async () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    const pending = emitWithAck(socket, 'presence:get', { claves: [1] }, 5000);
    const check = expect(pending).rejects.toBeInstanceOf(RealtimeTimeoutError);
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void pending.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await check;
    expect(() => socket.callsTo('presence:get')[0]?.ack?.({ ok: true, presencia: [] })).not.toThrow();
  });

  it('rejects at once when there is no connection', async () => {
    await expect(realtimeCall('chat:list', undefined)).rejects.toMatchObject({ code: 'realtime.sin_conexion' });
  });

  it('calls over the live connection', async () => {
    startRealtime(TOKEN);
    sockets.last().replies.set('chat:open', { ok: true, leidos: 3 });
    await expect(realtimeCall('chat:open', { con: 9 })).resolves.toMatchObject({ leidos: 3 });
  });
});

describe('connection', () => {
  it('connects to the same origin on /socket.io with the session token', () => {
    startRealtime(TOKEN);
    const socket = sockets.last();
    expect(socket.url).toBe(window.location.origin);
    expect(socket.options).toMatchObject({ path: '/socket.io', transports: ['websocket', 'polling'] });
    expect(socket.authToken()).toBe(TOKEN);
    expect(getRealtimeStatus()).toBe('connecting');
    socket.acceptHandshake();
    expect(getRealtimeStatus()).toBe('connected');
  });

  it('follows the session: connects after login, reconnects on a new token, closes on logout', () => {
    followSession();
    expect(sockets.sockets).toHaveLength(0);
    setSession(TOKEN, USER);
    expect(sockets.sockets).toHaveLength(1);
    setSession(OTHER_TOKEN, USER);
    expect(sockets.sockets).toHaveLength(2);
    expect(sockets.sockets[0]?.disconnectCalls).toBe(1);
    expect(sockets.last().authToken()).toBe(OTHER_TOKEN);
    setSession(OTHER_TOKEN, { ...USER, nombre_empleado: 'Ana' });
    expect(sockets.sockets).toHaveLength(2);
  });

  it('closes the socket when logout starts, before the session is deleted', async () => {
    setSession(TOKEN, USER);
    followSession();
    const socket = sockets.last();
    const api = serveLogout();
    const { logout } = await import('@/lib/auth/logout');
    api.fn.mockImplementationOnce(async () => {
      expect(socket.disconnectCalls).toBe(1);
      return jsonResponse({ resp: 'Excelente' });
    });
    await logout();
    expect(socket.disconnectCalls).toBe(1);
    expect(getRealtimeStatus()).toBe('idle');
  });

  it('forwards server events to subscribers', () => {
    startRealtime(TOKEN);
    const seen: unknown[] = [];
    const off = onRealtime('sessions:changed', (p) => seen.push(p));
    sockets.last().serverEmit('sessions:changed', {});
    off();
    sockets.last().serverEmit('sessions:changed', {});
    expect(seen).toEqual([{}]);
  });

  it('tells subscribers when it reconnects so caches can catch up', () => {
    startRealtime(TOKEN);
    const seen: unknown[] = [];
    onRealtime('realtime:connected', (p) => seen.push(p));
    const socket = sockets.last();
    socket.acceptHandshake();
    socket.serverEmit('disconnect', 'transport close');
    socket.acceptHandshake();
    expect(seen).toEqual([{ reconnect: false }, { reconnect: true }]);
  });
});

describe('session end', () => {
  it("session:ended shows 'Otra persona está utilizando este usuario' and logs out at once", async () => {
    setSession(TOKEN, USER);
    followSession();
    const socket = sockets.last();
    socket.acceptHandshake();
    const api = serveLogout();
    socket.serverEmit('session:ended', { code: 'auth.sesion_reemplazada' });
    await vi.waitFor(() => expect(browser.reloadTo).toHaveBeenCalledWith('/login'));
    expect(socket.disconnectCalls).toBe(1);
    expect(getSession().user).toBeNull();
    expect(api.callsTo('GET', `${PUB}/token/generico`)).toHaveLength(1);
    // No dialog to accept first: the message waits for Login.
    expect(pendingAlerts()).toHaveLength(0);
    expect(takePendingNotice()).toBe('Otra persona está utilizando este usuario');
  });

  it("uses the server's resp when session:ended carries one", async () => {
    setSession(TOKEN, USER);
    startRealtime(TOKEN);
    serveLogout();
    sockets.last().serverEmit('session:ended', { code: 'auth.sesion_liberada', resp: 'Tu sesión fue liberada por un administrador' });
    await vi.waitFor(() => expect(browser.reloadTo).toHaveBeenCalled());
    expect(takePendingNotice()).toBe('Tu sesión fue liberada por un administrador');
  });

  it("a refused handshake with auth.sesion_* opens 'Sesión Caducada', then logs out", async () => {
    setSession(TOKEN, USER);
    startRealtime(TOKEN);
    serveLogout();
    const socket = sockets.last();
    socket.refuseHandshake('auth.sesion_caducada');
    expect(pendingAlerts().map((a) => a.title)).toEqual(['Sesión Caducada']);
    expect(browser.reloadTo).not.toHaveBeenCalled();
    pendingAlerts()[0]?.resolve();
    await vi.waitFor(() => expect(browser.reloadTo).toHaveBeenCalledWith('/login'));
    expect(sockets.sockets).toHaveLength(1);
  });

  it('retries other refusals with a growing backoff', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
    setSession(TOKEN, USER);
    startRealtime(TOKEN);
    const socket = sockets.last();
    socket.refuseHandshake('auth.demasiados_intentos');
    expect(getRealtimeStatus()).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(999);
    expect(socket.connectCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.connectCalls).toBe(1);
    socket.refuseHandshake('auth.origen_no_permitido');
    await vi.advanceTimersByTimeAsync(1999);
    expect(socket.connectCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.connectCalls).toBe(2);
    socket.acceptHandshake();
    socket.serverEmit('disconnect', 'io server disconnect');
    await vi.advanceTimersByTimeAsync(1000);
    expect(socket.connectCalls).toBe(3);
    expect(pendingAlerts()).toHaveLength(0);
  });

  it('caps the backoff at 30 seconds', () => {
    expect(retryDelay(0, () => 1)).toBe(1000);
    expect(retryDelay(3, () => 1)).toBe(8000);
    expect(retryDelay(10, () => 1)).toBe(30_000);
    expect(retryDelay(10, () => 0)).toBe(15_000);
  });
});
