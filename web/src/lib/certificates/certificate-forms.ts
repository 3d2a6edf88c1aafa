import { PRI } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { getToken } from '@/lib/auth/session';
import { postFormInNewTab } from '@/lib/form-post';

/** Where the DC-3's form is posted. */
export const DC3_URL = `${PRI}/certificados/dc3`;

/** Where the course certificate's form is posted. */
export const COURSE_CERTIFICATE_URL = `${PRI}/certificados/curso`;

/**
 * The form both certificates take: `cve_curso, cve_empleado, token`. The session token goes
 * in the form because a tab opened by a form sends no Authorization header.
 */
function certificateForm(cveCurso: number, cveEmpleado: number): Schema<'Dc3Form'> {
  return { cve_curso: cveCurso, cve_empleado: cveEmpleado, token: getToken() ?? '' };
}

/** POST certificados/dc3 as a form in a new tab (spec §7): the tab shows the PDF the server answers. */
export function openDc3(cveCurso: number, cveEmpleado: number): void {
  postFormInNewTab(DC3_URL, { ...certificateForm(cveCurso, cveEmpleado) });
}

/**
 * POST certificados/curso as a form in a new tab: the course certificate of an accredited
 * participant of a closed course (any modality), as a PDF. There is no check call first: a
 * refusal (422, with what is missing) shows in that tab.
 */
export function openCourseCertificate(cveCurso: number, cveEmpleado: number): void {
  postFormInNewTab(COURSE_CERTIFICATE_URL, { ...certificateForm(cveCurso, cveEmpleado) });
}

/** Where the block certificate's form is posted. */
export const BLOCK_CERTIFICATE_URL = `${PRI}/certificados/bloque`;

/**
 * POST certificados/bloque as a form in a new tab: the certificate of a block whose every
 * topic is accredited (a refusal, 422, shows in that tab).
 */
export function openBlockCertificate(idBloque: number, cveEmpleado: number): void {
  const form: Schema<'ConstanciaBloqueForm'> = { id_bloque: idBloque, cve_empleado: cveEmpleado, token: getToken() ?? '' };
  postFormInNewTab(BLOCK_CERTIFICATE_URL, { ...form });
}

/** Where the DC-3 of an external certification is posted (form `token`). */
export function externalDc3Url(cveLog: number): string {
  return `${PRI}/proveedor/log/${cveLog}/dc3`;
}

/**
 * POST proveedor/log/{cve_log}/dc3 as a form in a new tab: the DC-3 PDF a supplier attached to
 * an external certification (the worker themself, or anyone who sees the record).
 */
export function openExternalDc3(cveLog: number): void {
  postFormInNewTab(externalDc3Url(cveLog), { token: getToken() ?? '' });
}
