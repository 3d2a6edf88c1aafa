import { hasSection } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import type { ActiveSession } from '../api/get-active-sessions';

/** The section that shows this dropdown, and the one that allows releasing sessions. */
export const ACTIVE_USERS_SECTION = 'usuarios.activos';
export const RELEASE_SECTION = 'usuarios.liberar_sesion';
/** Rep. Empresa may release only their subordinates' sessions (spec §6). */
const REP_EMPRESA_PROFILE = 6;

/** True when the user may release this session from the list. */
export function canReleaseActive(user: User, session: Pick<ActiveSession, 'clave'>): boolean {
  if (!hasSection(user, RELEASE_SECTION)) return false;
  if (Number(session.clave) === Number(user.cve_empleado)) return false;
  if (user.idperfil === REP_EMPRESA_PROFILE) {
    return (user.subordinados ?? []).some((s) => Number(s.cve_empleado) === Number(session.clave));
  }
  return true;
}
