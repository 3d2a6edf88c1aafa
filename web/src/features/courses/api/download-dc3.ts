import { PRI } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { getToken } from '@/lib/auth/session';
import { postFormInNewTab } from '@/lib/form-post';

/** Where the DC-3's form is posted. */
export const DC3_URL = `${PRI}/certificados/dc3`;

/**
 * POST certificados/dc3 `cve_curso, cve_empleado, token` as a form in a new tab (spec §7):
 * the tab shows the PDF the server answers. The session token goes in the form because a
 * tab opened by a form sends no Authorization header.
 */
export function openDc3(cveCurso: number, cveEmpleado: number): void {
  const form: Schema<'Dc3Form'> = { cve_curso: cveCurso, cve_empleado: cveEmpleado, token: getToken() ?? '' };
  postFormInNewTab(DC3_URL, { ...form });
}
