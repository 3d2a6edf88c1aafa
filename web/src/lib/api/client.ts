import { showAlert } from '../alerts';
import { i18n, currentLanguage } from '../i18n';
import { isGenericToken } from '../auth/jwt';
import { getToken, setGenericSession } from '../auth/session';
import { ApiError, NetworkError, type ErrorBody } from './errors';

/** Private and public API roots. */
export const PRI = '/api/pri';
export const PUB = '/api/pub';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart; URLSearchParams as a form post. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Bearer to use instead of the stored one; `null` sends none. */
  token?: string | null;
  /** Show the '¡Ups!' / connection dialogs for failures (default true). */
  errorDialog?: boolean;
  /** Turn 401 into 'Sesión Caducada' + logout and 409 into the plan-change modal (default true). */
  sessionHandling?: boolean;
  /** Suffix of the connection-problem message, '2' unless a call says otherwise (spec §8). */
  networkCode?: string;
  signal?: AbortSignal;
}

/** A downloaded file. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

type SessionEndHandler = () => Promise<void> | void;

let onSessionEnd: SessionEndHandler = () => undefined;
let sessionEnding: Promise<void> | null = null;
let genericRefresh: Promise<string | null> | null = null;

/**
 * Registers what ends the session (logout). Set once by lib/auth/logout so the client does
 * not import it back.
 */
export function setSessionEndHandler(handler: SessionEndHandler): void {
  onSessionEnd = handler;
}

let sessionEndSuppressed = false;

/** Test hook: forget a pending session-end dialog. */
export function resetSessionEnd(): void {
  sessionEnding = null;
  sessionEndSuppressed = false;
}

/** While logging out, late 401s of in-flight calls must not open a second dialog. */
export function suppressSessionEnd(value: boolean): void {
  sessionEndSuppressed = value;
}

function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options) as string;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function buildInit(options: RequestOptions, token: string | null): RequestInit {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) {
    // fetch sets the multipart boundary, or application/x-www-form-urlencoded, itself.
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? 'GET', headers, body, signal: options.signal };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The message of the '¡Ups!' dialog: the server's resp, else our text for its code. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.resp) return error.resp;
    if (error.code && i18n.exists(`errors:${error.code}`)) return t(`errors:${error.code}`);
    return t('errors:ui.generico');
  }
  if (error instanceof NetworkError) return t('errors:ui.conexion_texto', { codigo: '2' });
  return t('errors:ui.generico');
}

/** Shows the '¡Ups!' dialog for an error. */
export function showErrorDialog(error: unknown, networkCode = '2'): Promise<void> {
  if (error instanceof NetworkError) {
    return showAlert({
      title: t('errors:ui.conexion_titulo'),
      message: t('errors:ui.conexion_texto', { codigo: networkCode }),
      confirmLabel: t('common:actions.accept'),
    });
  }
  const details =
    error instanceof ApiError && error.fields ? Object.values(error.fields).filter(Boolean) : undefined;
  return showAlert({
    title: t('errors:ui.ups'),
    message: errorMessage(error),
    details: details && details.length > 0 ? details : undefined,
    confirmLabel: t('common:actions.accept'),
  });
}

function endSession(kind: 'expired' | 'plan', error: ApiError): Promise<void> {
  if (sessionEndSuppressed) return Promise.resolve();
  if (!sessionEnding) {
    const dialog =
      kind === 'expired'
        ? showAlert({
            title: t('errors:ui.sesion_caducada_titulo'),
            message: t('errors:ui.sesion_caducada_texto'),
            confirmLabel: t('common:actions.accept'),
            tone: 'warning',
          })
        : showAlert({
            title: t('errors:ui.cambio_plan_titulo'),
            message: t('errors:ui.cambio_plan_texto'),
            details: error.resp ? [error.resp] : undefined,
            confirmLabel: t('common:actions.accept'),
            tone: 'info',
          });
    sessionEnding = dialog
      .then(() => onSessionEnd())
      .finally(() => {
        sessionEnding = null;
      });
  }
  return sessionEnding;
}

/**
 * Ends the session exactly as a 401 does: the 'Sesión Caducada' dialog, then logout. The
 * realtime socket uses it when the server refuses its handshake with an `auth.sesion_*` code.
 */
export function expireSession(code = 'auth.sesion_caducada'): Promise<void> {
  return endSession('expired', new ApiError(401, { code }));
}

/** Asks for a fresh generic token; shared by concurrent callers. */
export function refreshGenericToken(): Promise<string | null> {
  if (!genericRefresh) {
    genericRefresh = fetch(`${PUB}/token/generico`, {
      headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() },
    })
      .then(async (response) => {
        if (!response.ok) return null;
        const body = (await readBody(response)) as { token?: string } | undefined;
        return body?.token || null;
      })
      .catch(() => null)
      .finally(() => {
        genericRefresh = null;
      });
  }
  return genericRefresh;
}

async function send(path: string, options: RequestOptions, retried: boolean): Promise<Response> {
  const token = options.token === undefined ? getToken() : options.token;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), buildInit(options, token));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new NetworkError(cause);
    if (options.errorDialog !== false) void showErrorDialog(error, options.networkCode ?? '2');
    throw error;
  }
  if (response.ok) return response;

  const body = (await readBody(response)) as ErrorBody | string | undefined;
  const error = new ApiError(response.status, typeof body === 'object' ? body : { resp: body || undefined });
  const sessionHandling = options.sessionHandling !== false;

  if (response.status === 401 && sessionHandling) {
    const sentAnonymous = !token || isGenericToken(token);
    if (sentAnonymous && options.token === undefined && !retried) {
      // The generic token expired (a tab left open on Login): get a new one and retry once.
      const fresh = await refreshGenericToken();
      if (fresh) {
        setGenericSession(fresh);
        return send(path, options, true);
      }
    }
    if (!sentAnonymous) {
      void endSession('expired', error);
      throw error;
    }
  }
  if (isPlanChange(error) && sessionHandling && token && !isGenericToken(token)) {
    void endSession('plan', error);
    throw error;
  }
  if (options.errorDialog !== false) void showErrorDialog(error);
  throw error;
}

/**
 * A 409 ends the session only when it is the plan change (`http.cambio_plan`, or no code):
 * catalogue conflicts (`duplicado.*`) are answered with 409 too and belong to the form.
 */
export function isPlanChange(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && (!error.code || error.code === 'http.cambio_plan');
}

/** Sends a request and returns the parsed JSON answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, false);
  return (await readBody(response)) as T;
}

/** Sends a request and returns the answer as a file (exports). */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await send(path, options, false);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition);
  const raw = match?.[1] ?? match?.[2] ?? null;
  return { blob: await response.blob(), filename: raw ? decodeURIComponent(raw) : null };
}

/** Shorthands. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
