import { PRI, apiRequest } from '@/lib/api/client';
import type { Company } from './companies';

export interface CompanyUpdate {
  razon_social: string;
  rfc: string;
  registro_patronal: string;
  num_trabajadores: number;
}

/** PUT catalogos/datos_stps/empresas/{cve_n4}. */
export function putCompany(cveN4: number, body: CompanyUpdate): Promise<Partial<Company> & { resp?: string }> {
  return apiRequest(`${PRI}/catalogos/datos_stps/empresas/${cveN4}`, { method: 'PUT', body, errorDialog: false });
}
