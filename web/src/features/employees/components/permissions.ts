import { hasSection } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import { isOn } from '@/lib/flags';
import type { EmployeeRow } from '../api/employees-table';

/** Creating, editing, photos, absences and baja lógica. */
export const EDIT_SECTION = 'catalogos.empleados.editar';
/** Switching a login on/off and resetting its password. */
export const ACCESS_SECTION = 'configuracion.restablecer_contrasena';

/** True when the user may create and edit employees. */
export function canEditEmployees(user: User | null): boolean {
  return hasSection(user, EDIT_SECTION);
}

/** True when the user may give this employee the baja lógica or reactivate them (never themselves). */
export function canChangeBaja(user: User | null, employee: Pick<EmployeeRow, 'cve_empleado'>): boolean {
  return canEditEmployees(user) && user?.cve_empleado !== employee.cve_empleado;
}

/** True when the user may switch this employee's access or reset their password (never their own). */
export function canManageAccess(user: User | null, employee: Pick<EmployeeRow, 'cve_empleado'>): boolean {
  return !!user && hasSection(user, ACCESS_SECTION) && user.cve_empleado !== employee.cve_empleado;
}

/** The employee was given a baja lógica. */
export function isBaja(employee: Pick<EmployeeRow, 'baja_logica'>): boolean {
  return isOn(employee.baja_logica);
}

/**
 * The login is on: `acceso` when the server sends it; rows without it fall back to `activo`
 * (what the table showed before the access flag existed). A baja lógica has no access.
 */
export function hasAccess(employee: Pick<EmployeeRow, 'acceso' | 'activo' | 'baja_logica'>): boolean {
  if (isBaja(employee)) return false;
  return employee.acceso === undefined || employee.acceso === null ? isOn(employee.activo) : isOn(employee.acceso);
}
