import { PRI, apiRequest, resetSessionEnd, setSessionEndHandler, suppressSessionEnd } from '../api/client';
import { browser } from '../browser';
import { STORAGE_KEYS, writeStorage } from '../storage-keys';
import { fetchGenericToken } from './get-generic-token';
import { isGenericToken } from './jwt';
import { getSession, setGenericSession } from './session';

let exiting = false;

/** True once logout has started (the spec's "exit flag"). */
export function isExiting(): boolean {
  return exiting;
}

/**
 * Spec §4 logout: set the exit flag, delete the web session, restore the generic token,
 * clear the cart, return to Login and reload.
 */
export async function logout(): Promise<void> {
  if (exiting) return;
  exiting = true;
  suppressSessionEnd(true);
  const { token, user } = getSession();
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
  browser.reloadTo('/login');
}

/** Test hook: forget the exit flag between tests (a real logout reloads the page). */
export function resetLogoutState(): void {
  exiting = false;
  resetSessionEnd();
}

setSessionEndHandler(logout);
