import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { otherCertificatesKey } from '@/lib/api/shared/dashboard-part-keys';

/** One's completed blocks and authorised external certifications. */
export type OtherCertificates = Schema<'OtrasConstancias'>;
/** A block of one's plan with every topic accredited and valid. */
export type MyBlock = Schema<'MiBloque'>;
/** An external certification of one's, authorised. */
export type MyExternal = Schema<'MiExterna'>;

/** Where the list is read. */
export const OTHER_CERTIFICATES_URL = `${PRI}/certificados/mis_constancias/otras`;

export { otherCertificatesKey };

/** GET certificados/mis_constancias/otras: completed blocks and authorised external certifications. */
export function fetchOtherCertificates(): Promise<OtherCertificates> {
  return apiRequest<OtherCertificates>(OTHER_CERTIFICATES_URL, { errorDialog: false });
}

/** The signed-in user's blocks and external certifications; `null` skips the request. */
export function useOtherCertificates(cveEmpleado: number | null) {
  return useSWR<OtherCertificates>(cveEmpleado ? otherCertificatesKey(cveEmpleado) : null, fetchOtherCertificates);
}
