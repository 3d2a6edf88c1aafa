import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { myCertificatesKey } from '@/lib/api/shared/dashboard-part-keys';

/** A closed course the signed-in user passed, with its DC-3 and course certificate. */
export type MyCertificate = Schema<'MiConstancia'>;

/** Where the list is read. */
export const MY_CERTIFICATES_URL = `${PRI}/certificados/mis_constancias`;

export { myCertificatesKey };

/** GET certificados/mis_constancias: each closed course the caller passed, newest first. */
export function fetchMyCertificates(): Promise<MyCertificate[]> {
  return apiRequest<MyCertificate[]>(MY_CERTIFICATES_URL, { errorDialog: false });
}

/**
 * The signed-in user's certificates; `null` skips the request. It asks again when the tab
 * gets the focus back (SWR's default): a download issues the certificate in another tab, and
 * back here its new verification code shows.
 */
export function useMyCertificates(cveEmpleado: number | null) {
  return useSWR<MyCertificate[]>(cveEmpleado ? myCertificatesKey(cveEmpleado) : null, fetchMyCertificates);
}
