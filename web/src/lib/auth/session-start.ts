import { showAlert } from '../alerts';
import { ApiError, NetworkError } from '../api/errors';
import { i18n, initI18n } from '../i18n';
import { fetchGenericToken } from './get-generic-token';
import { isGenericToken, isValidatableSessionToken } from './jwt';
import { getToken, setGenericSession, setSession } from './session';
import type { User } from './types';
import { validateSession } from './validate-session';

export type SessionStart = 'authenticated' | 'anonymous';

function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options) as string;
}

/** Waits before the second and third validation of a stored session. */
const VALIDATION_RETRY_MS = [400, 1200];

/** A failure that says nothing about the session: the network, a busy or failing server. */
function passing(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    (error instanceof ApiError && (error.status >= 500 || error.status === 429 || error.status === 408))
  );
}

/**
 * Validates the stored session, trying again after a passing failure: a reload while the
 * server is busy must not sign the user out. A 401 (or any other refusal) ends it at once.
 */
async function validateStored(token: string): Promise<User> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await validateSession(token, { quiet: true });
    } catch (error) {
      const wait = VALIDATION_RETRY_MS[attempt];
      if (wait === undefined || !passing(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Spec §4 session start: fetch the generic token; a stored token longer than 100
 * characters that is not the generic employee is validated with `usuarios/login`;
 * otherwise (or when that fails) the generic token is stored and the user goes to Login.
 * Both requests go out together (neither needs the other's answer), and the start may run
 * while the texts still load: its dialogs wait for them. A validation that fails for a
 * passing reason (network, 5xx, 429) is tried twice more before the user goes to Login.
 */
export async function startSession(): Promise<SessionStart> {
  const stored = getToken();
  const genericAnswer = fetchGenericToken().then(
    (token) => ({ token, error: null }),
    (error: unknown) => ({ token: null, error }),
  );
  const validation = isValidatableSessionToken(stored)
    ? validateStored(stored).then(
        (user) => ({ user, error: null }),
        (error: unknown) => ({ user: null, error }),
      )
    : null;

  const { token: generic, error: genericError } = await genericAnswer;
  if (genericError !== null) {
    await initI18n();
    void showAlert(
      genericError instanceof NetworkError
        ? {
            title: t('errors:ui.conexion_titulo'),
            message: t('errors:ui.conexion_texto', { codigo: 'Consulta Token Generico' }),
            confirmLabel: t('common:actions.accept'),
          }
        : {
            title: t('errors:ui.servidor_titulo'),
            message: t('errors:ui.servidor_token_generico'),
            confirmLabel: t('common:actions.accept'),
          },
    );
  }

  if (validation && stored) {
    const { user, error } = await validation;
    if (user) {
      setSession(user.token && user.token.length > 0 ? user.token : stored, user);
      return 'authenticated';
    }
    if (error instanceof NetworkError) {
      await initI18n();
      void showAlert({
        title: t('errors:ui.conexion_titulo'),
        message: t('errors:ui.conexion_texto', { codigo: '3' }),
        confirmLabel: t('common:actions.accept'),
      });
    }
  }

  // Without a fresh generic token, a stored generic one is still better than none.
  setGenericSession(generic ?? (stored && isGenericToken(stored) ? stored : null));
  return 'anonymous';
}
