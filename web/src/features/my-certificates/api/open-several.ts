import { PRI } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { getToken } from '@/lib/auth/session';
import { postFormInNewTab } from '@/lib/form-post';

/** Where several certificates are asked for as one PDF. */
export const SEVERAL_URL = `${PRI}/certificados/varias`;

/**
 * How many certificates one request may ask for. Written here because the OpenAPI document
 * does not publish it (`certificados` is a plain string; the server answers 400
 * `validacion.certificados` beyond 50).
 */
export const SEVERAL_MAX = 50;

/**
 * POST certificados/varias as a form in a new tab: the certificates (`dc3:<cve_curso>` or
 * `curso:<cve_curso>`) as one PDF, a page each, in the order given.
 */
export function openSeveral(cveEmpleado: number, certificados: readonly string[]): void {
  const body: Schema<'VariasForm'> = { cve_empleado: cveEmpleado, certificados: certificados.join(','), token: getToken() ?? '' };
  postFormInNewTab(SEVERAL_URL, { ...body });
}
