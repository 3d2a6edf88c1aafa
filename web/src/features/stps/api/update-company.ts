import { PRI, apiRequest } from '@/lib/api/client';
import type { Company } from './companies';
import type { Schema } from '@/lib/api/schema';

/** The request body, as the server's OpenAPI document describes it. */
export type CompanyUpdate = Schema<'EmpresaBody'>;

/** PUT catalogos/datos_stps/empresas/{cve_n4}. */
export function putCompany(cveN4: number, body: CompanyUpdate): Promise<Partial<Company> & { resp?: string }> {
  return apiRequest(`${PRI}/catalogos/datos_stps/empresas/${cveN4}`, { method: 'PUT', body, errorDialog: false });
}
