import useSWR from 'swr';
import { PUB, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** What the public verification tells of a certificate. */
export type Verificacion = Schema<'Verificacion'>;

/** SWR key of one code's verification. */
export const verificationKey = (codigo: string) => ['certificados.verificar', codigo] as const;

/**
 * GET pub/certificados/verificar/{codigo}: public, so no token at all (not even the generic
 * one); 404 `certificados.codigo_no_encontrado`, 429 past 30 look-ups a minute. The page
 * shows the failures itself.
 */
export function fetchVerification(codigo: string): Promise<Verificacion> {
  return apiRequest<Verificacion>(`${PUB}/certificados/verificar/${encodeURIComponent(codigo)}`, {
    token: null,
    errorDialog: false,
    sessionHandling: false,
  });
}

/** One code's verification; an empty code skips the request. */
export function useVerification(codigo: string) {
  return useSWR<Verificacion>(codigo ? verificationKey(codigo) : null, () => fetchVerification(codigo), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
