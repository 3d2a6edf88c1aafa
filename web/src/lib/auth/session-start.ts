import { showAlert } from '../alerts';
import { NetworkError } from '../api/errors';
import { i18n, initI18n } from '../i18n';
import { fetchGenericToken } from './get-generic-token';
import { isGenericToken, isValidatableSessionToken } from './jwt';
import { getToken, setGenericSession, setSession } from './session';
import { validateSession } from './validate-session';

export type SessionStart = 'authenticated' | 'anonymous';

function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options) as string;
}

/**
 * Spec §4 session start: fetch the generic token; a stored token longer than 100
 * characters that is not the generic employee is validated with `usuarios/login`;
 * otherwise (or when that fails) the generic token is stored and the user goes to Login.
 * Both requests go out together (neither needs the other's answer), and the start may run
 * while the texts still load: its dialogs wait for them.
 */
export async function startSession(): Promise<SessionStart> {
  const stored = getToken();
  const genericAnswer = fetchGenericToken().then(
    (token) => ({ token, error: null }),
    (error: unknown) => ({ token: null, error }),
  );
  const validation = isValidatableSessionToken(stored)
    ? validateSession(stored, { quiet: true }).then(
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
