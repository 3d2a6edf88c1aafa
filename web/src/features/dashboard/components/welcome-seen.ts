import { decodeToken } from '@/lib/auth/jwt';
import type { User } from '@/lib/auth/types';

/** sessionStorage key of the welcome carousels already shown in this tab. */
export const WELCOME_SEEN_KEY = 'aula.welcome_slides';
/** The most markers kept (one per login and profile; a tab rarely sees more). */
const KEEP = 20;

/**
 * What one showing of the carousel belongs to: the login session (the token's session id)
 * and the active profile. A new login, or another profile, is another showing.
 */
export function welcomeMarker(token: string | null, user: User): string {
  const session = decodeToken(token)?.sid ?? `emp${user.cve_empleado}`;
  return `${session}:${user.idperfil ?? user.perfil_sistema ?? ''}`;
}

function read(): string[] {
  try {
    const list: unknown = JSON.parse(window.sessionStorage.getItem(WELCOME_SEEN_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** True once the carousel of this login and profile was shown (or had nothing to show) in this tab. */
export function wasWelcomed(marker: string): boolean {
  return read().includes(marker);
}

/** Remembers, for this tab, that the carousel of this login and profile is done with. */
export function markWelcomed(marker: string): void {
  const list = read().filter((m) => m !== marker);
  list.push(marker);
  try {
    window.sessionStorage.setItem(WELCOME_SEEN_KEY, JSON.stringify(list.slice(-KEEP)));
  } catch {
    // Storage unavailable: the carousel may show again on the next visit, nothing worse.
  }
}
