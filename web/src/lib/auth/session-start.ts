import { showAlert } from '../alerts';
import { NetworkError } from '../api/errors';
import { i18n } from '../i18n';
import { EmptyGenericTokenError, fetchGenericToken } from './get-generic-token';
import { isGenericToken, isValidatableSessionToken } from './jwt';
import { getToken, setGenericSession, setSession } from './session';
import { validateSession } from './validate-session';

export type SessionStart = 'authenticated' | 'anonymous';

function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options) as string;
}

/**
 * Spec §4 session start: fetch the generic token first; a stored token longer than 100
 * characters that is not the generic employee is validated with `usuarios/login`;
 * otherwise (or when that fails) the generic token is stored and the user goes to Login.
 */
export async function startSession(): Promise<SessionStart> {
  let generic: string | null = null;
  try {
    generic = await fetchGenericToken();
  } catch (error) {
    if (error instanceof EmptyGenericTokenError) {
      void showAlert({
        title: t('errors:ui.servidor_titulo'),
        message: t('errors:ui.servidor_token_generico'),
        confirmLabel: t('common:actions.accept'),
      });
    } else if (error instanceof NetworkError) {
      void showAlert({
        title: t('errors:ui.conexion_titulo'),
        message: t('errors:ui.conexion_texto', { codigo: 'Consulta Token Generico' }),
        confirmLabel: t('common:actions.accept'),
      });
    } else {
      void showAlert({
        title: t('errors:ui.servidor_titulo'),
        message: t('errors:ui.servidor_token_generico'),
        confirmLabel: t('common:actions.accept'),
      });
    }
  }

  const stored = getToken();
  if (isValidatableSessionToken(stored)) {
    try {
      const user = await validateSession(stored, { quiet: true });
      setSession(user.token && user.token.length > 0 ? user.token : stored, user);
      return 'authenticated';
    } catch (error) {
      if (error instanceof NetworkError) {
        void showAlert({
          title: t('errors:ui.conexion_titulo'),
          message: t('errors:ui.conexion_texto', { codigo: '3' }),
          confirmLabel: t('common:actions.accept'),
        });
      }
    }
  }

  // Without a fresh generic token, a stored generic one is still better than none.
  setGenericSession(generic ?? (stored && isGenericToken(stored) ? stored : null));
  return 'anonymous';
}
