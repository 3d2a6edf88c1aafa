import { io } from 'socket.io-client';
import { expireSession } from '../api/client';
import { isExiting, logout, onLogout } from '../auth/logout';
import { getSession, subscribeSession } from '../auth/session';
import { i18n } from '../i18n';
import { ACK_TIMEOUT_MS, RealtimeError, emitWithAck, type CallAck, type CallName, type CallPayload } from './call';
import { SERVER_EVENTS, type RealtimeEvents, type ServerEvents } from './types';

/** What the connection needs of a socket.io-client Socket; tests pass a fake. */
export interface SocketLike {
  readonly connected: boolean;
  /** False once the server refused the handshake: socket.io then stops reconnecting by itself. */
  readonly active: boolean;
  // socket.io's own listener type: payloads are checked where events are dispatched.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, listener: (...args: any[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/** The options the web app connects with (docs/realtime.md, "Connecting"). */
export interface SocketOptions {
  path: string;
  auth: (cb: (data: { token: string }) => void) => void;
  transports: string[];
  reconnectionDelay: number;
  reconnectionDelayMax: number;
}

export type SocketFactory = (url: string, options: SocketOptions) => SocketLike;

export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

const defaultFactory: SocketFactory = (url, options) => io(url, options);
let factory: SocketFactory = defaultFactory;
let socket: SocketLike | null = null;
let socketToken: string | null = null;
/** The server ended this session (or refused it): never reconnect with this token. */
let ended = false;
let hasConnected = false;
let attempts = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let status: RealtimeStatus = 'idle';
let following: (() => void) | null = null;

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<() => void>();

/** Backoff for refused or kicked connections: 1 s, 2 s, 4 s … capped at 30 s, with jitter. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** Delay before reconnect attempt `n` (0-based). */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt);
  return Math.round(base * (0.5 + random() / 2));
}

function setStatus(next: RealtimeStatus): void {
  if (status === next) return;
  status = next;
  statusListeners.forEach((l) => l());
}

function dispatch(event: string, payload: unknown): void {
  handlers.get(event)?.forEach((handler) => {
    try {
      handler(payload);
    } catch (error) {
      // One broken subscriber must not starve the others.
      if (import.meta.env.DEV) console.error(error);
    }
  });
}

function clearRetry(): void {
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
}

function scheduleRetry(): void {
  if (!socket || ended) return;
  clearRetry();
  const current = socket;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (socket === current && !ended) {
      setStatus('connecting');
      current.connect();
    }
  }, retryDelay(attempts++));
}

function teardown(): void {
  clearRetry();
  const current = socket;
  socket = null;
  socketToken = null;
  current?.disconnect();
  setStatus('idle');
}

function onSessionEnded(payload: ServerEvents['session:ended']): void {
  ended = true;
  teardown();
  if (isExiting()) return;
  // Spec §4: the session list is watched; when mine ends, say so and log out at once.
  const notice = payload?.resp || i18n.t('errors:ui.sesion_tomada');
  void logout({ notice });
}

function wire(s: SocketLike): void {
  s.on('connect', () => {
    if (socket !== s) return;
    attempts = 0;
    clearRetry();
    setStatus('connected');
    dispatch('realtime:connected', { reconnect: hasConnected });
    hasConnected = true;
  });
  s.on('connect_error', (error: Error) => {
    if (socket !== s) return;
    const code = error?.message ?? '';
    if (code.startsWith('auth.sesion_')) {
      // Same as a 401 on REST: 'Sesión Caducada', then logout.
      ended = true;
      teardown();
      if (!isExiting()) void expireSession(code);
      return;
    }
    setStatus('disconnected');
    // A refused handshake (bad token, origin, rate limit) is not retried by socket.io itself;
    // transport failures are (s.active stays true).
    if (!s.active) scheduleRetry();
  });
  s.on('disconnect', (reason: string) => {
    if (socket !== s) return;
    setStatus('disconnected');
    if (reason === 'io server disconnect' && !ended) scheduleRetry();
  });
  for (const event of SERVER_EVENTS) {
    s.on(event, (payload: unknown) => {
      if (socket !== s) return;
      if (event === 'session:ended') onSessionEnded(payload as ServerEvents['session:ended']);
      dispatch(event, payload);
    });
  }
}

/** Opens the one connection of this session (replacing one made with another token). */
export function startRealtime(token: string): void {
  if (socket && socketToken === token) return;
  teardown();
  ended = false;
  hasConnected = false;
  attempts = 0;
  socketToken = token;
  setStatus('connecting');
  const s = factory(window.location.origin, {
    path: '/socket.io',
    // A function, so every reconnect sends the token this connection belongs to.
    auth: (cb) => cb({ token }),
    transports: ['websocket', 'polling'],
    reconnectionDelay: RETRY_BASE_MS,
    reconnectionDelayMax: RETRY_MAX_MS,
  });
  socket = s;
  wire(s);
}

/** Closes the connection (logout, session gone). */
export function stopRealtime(): void {
  teardown();
}

function syncWithSession(): void {
  const { authenticated, token } = getSession();
  if (authenticated && token && !isExiting()) {
    if (token !== socketToken) startRealtime(token);
  } else if (socket) {
    stopRealtime();
  }
}

/**
 * Follows the session store from now on: connects for a logged-in session, reconnects when
 * the token changes (profile switch), closes on logout. Idempotent.
 */
export function followSession(): void {
  if (following) return;
  const unsubscribe = subscribeSession(syncWithSession);
  // Close before logout deletes the session, so our own logout is not echoed as session:ended.
  const offLogout = onLogout(() => stopRealtime());
  following = () => {
    unsubscribe();
    offLogout();
  };
  syncWithSession();
}

/** Subscribes to a server event (or `realtime:connected`); returns the unsubscribe. */
export function onRealtime<E extends keyof RealtimeEvents>(event: E, handler: (payload: RealtimeEvents[E]) => void): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  const h = handler as Handler;
  set.add(h);
  return () => {
    set.delete(h);
  };
}

/** Makes a client call over the current connection (see emitWithAck). */
export function realtimeCall<E extends CallName>(
  event: E,
  payload: CallPayload<E>,
  timeoutMs: number = ACK_TIMEOUT_MS,
): Promise<CallAck<E>> {
  // While (re)connecting socket.io buffers the emit and sends it once connected.
  if (!socket) return Promise.reject(new RealtimeError('realtime.sin_conexion'));
  return emitWithAck(socket, event, payload, timeoutMs);
}

/** Current connection state. */
export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

/** Subscribes to connection state changes. */
export function subscribeRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

/** Test hook: use a fake socket instead of socket.io-client. */
export function setSocketFactory(next: SocketFactory | null): void {
  factory = next ?? defaultFactory;
}

/** Test hook: close everything and forget subscribers. */
export function resetRealtime(): void {
  teardown();
  following?.();
  following = null;
  ended = false;
  hasConnected = false;
  attempts = 0;
  handlers.clear();
  statusListeners.clear();
  status = 'idle';
}
