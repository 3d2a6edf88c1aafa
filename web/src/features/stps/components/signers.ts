import type { Company, Signer } from '../api/companies';

/** Spec §9: from 51 workers on, the workers' representative signs the DC-3 too. */
export const WORKERS_SIGN_FROM = 51;

/** Who signs the DC-3 of a company with this many workers. */
export function signersFor(workers: number | null | undefined): Signer[] {
  return (workers ?? 0) >= WORKERS_SIGN_FROM ? ['patron', 'trabajadores'] : ['patron'];
}

/** The signers the server states, or the rule applied to the company's workers. */
export function companySigners(company: Pick<Company, 'firmantes' | 'num_trabajadores'>): Signer[] {
  return company.firmantes && company.firmantes.length > 0 ? company.firmantes : signersFor(company.num_trabajadores);
}
