import useSWR from 'swr';
import { PRI, apiRequest } from '../client';

/** Who signs a company's DC-3. */
export type Signer = 'patron' | 'trabajadores';

/** A company (an N4 node) with its DC-3 data. */
export interface Company {
  cve_n4: number;
  nombre: string;
  razon_social: string | null;
  rfc: string | null;
  registro_patronal: string | null;
  num_trabajadores: number | null;
  firmantes?: Signer[] | null;
}

/** SWR key of the companies: the STPS data screen and the DC-4 list read the same cache. */
export const COMPANIES_KEY = 'stps.empresas';

/** GET catalogos/datos_stps/empresas (section `catalogos.datos_stps`). */
export function fetchCompanies(): Promise<Company[]> {
  return apiRequest<Company[]>(`${PRI}/catalogos/datos_stps/empresas`, { errorDialog: false });
}

/** The companies (N4) with their employer data; `enabled: false` asks nothing. */
export function useCompanies(enabled = true) {
  return useSWR<Company[]>(enabled ? COMPANIES_KEY : null, fetchCompanies, { revalidateOnFocus: false });
}
