import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

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

export const COMPANIES_KEY = 'stps.empresas';

/** GET catalogos/datos_stps/empresas. */
export function fetchCompanies(): Promise<Company[]> {
  return apiRequest<Company[]>(`${PRI}/catalogos/datos_stps/empresas`, { errorDialog: false });
}

/** The companies, for their tab and for the company selects of representatives and establishments. */
export function useCompanies() {
  return useSWR<Company[]>(COMPANIES_KEY, fetchCompanies, { revalidateOnFocus: false });
}
