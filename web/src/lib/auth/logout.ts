import { PRI, apiRequest, resetSessionEnd, setSessionEndHandler, suppressSessionEnd } from '../api/client';
import { browser } from '../browser';
import { STORAGE_KEYS, writeStorage } from '../storage-keys';
import { fetchGenericToken } from './get-generic-token';
import { isGenericToken } from './jwt';
import { setPendingNotice } from './notice';
import { getSession, setGenericSession } from './session';

let exiting = false;

/** Work that must happen while the session token is still valid (close the socket, drop push). */
export type LogoutHook = () => Promise<unknown> | unknown;
const hooks = new Set<LogoutHook>();
/** A hung hook (a push service that never answers) must not keep the user from logging out. */
const HOOK_TIMEOUT_MS = 3000;

/**
 * Registers work to run at the start of every logout, before the web session is deleted.
 * Lazy modules (socket, push) register themselves so logout never imports them.
 */
export function onLogout(hook: LogoutHook): () => void {
  hooks.add(hook);
  return () => {
    hooks.delete(hook);
  };
}

async function runHooks(): Promise<void> {
  if (hooks.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, HOOK_TIMEOUT_MS);
  });
  const all = Promise.allSettled([...hooks].map((hook) => Promise.resolve().then(hook)));
  await Promise.race([all, timeout]);
  clearTimeout(timer);
}

/** True once logout has started (the spec's "exit flag"). */
export function isExiting(): boolean {
  return exiting;
}

export interface LogoutOptions {
  /** Shown on Login after the reload (e.g. 'Otra persona está utilizando este usuario'). */
  notice?: string;
}

/**
 * Spec §4 logout: set the exit flag, delete the web session, restore the generic token,
 * clear the cart, return to Login and reload.
 */
export async function logout(options: LogoutOptions = {}): Promise<void> {
  if (exiting) return;
  exiting = true;
  suppressSessionEnd(true);
  const { token, user } = getSession();
  await runHooks();
  try {
    if (user && token && !isGenericToken(token)) {
      await apiRequest(`${PRI}/usuarios/sesiones/eliminar/${user.cve_empleado}/web`, {
        method: 'DELETE',
        errorDialog: false,
        sessionHandling: false,
      });
    }
  } catch {
    // The session may already be gone (that is often why we are logging out).
  }
  let generic: string | null;
  try {
    generic = await fetchGenericToken();
  } catch {
    generic = null;
  }
  setGenericSession(generic);
  writeStorage(STORAGE_KEYS.cart, null);
  if (options.notice) setPendingNotice(options.notice);
  browser.reloadTo('/login');
}

/** Test hook: forget the exit flag between tests (a real logout reloads the page). */
export function resetLogoutState(): void {
  exiting = false;
  resetSessionEnd();
}

// The API client calls it with no arguments (401 → 'Sesión Caducada' → logout).
setSessionEndHandler(() => logout());
