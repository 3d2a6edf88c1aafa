import type { User } from '@/lib/auth/types';
import { hasSection } from '@/lib/auth/session';
import { isOn } from '@/lib/flags';
import type { EmployeeRow } from '../api/employees-table';

/** The section that allows releasing other users' sessions. */
export const RELEASE_SECTION = 'usuarios.liberar_sesion';
/** Rep. Empresa may release only their subordinates' sessions (spec §6). */
export const REP_EMPRESA_PROFILE = 6;

/** True when the user may release this employee's web session right now. */
export function canReleaseSession(user: User | null, row: Pick<EmployeeRow, 'cve_empleado' | 'sesion_activa'>): boolean {
  if (!user || !hasSection(user, RELEASE_SECTION)) return false;
  if (row.cve_empleado === user.cve_empleado) return false;
  if (!isOn(row.sesion_activa)) return false;
  if (user.idperfil === REP_EMPRESA_PROFILE) {
    return (user.subordinados ?? []).some((s) => s.cve_empleado === row.cve_empleado);
  }
  return true;
}
