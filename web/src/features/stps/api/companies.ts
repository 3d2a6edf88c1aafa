// The companies are read by the DC-4 list too: one fetcher and one SWR key, in lib/.
export { COMPANIES_KEY, fetchCompanies, useCompanies, type Company, type Signer } from '@/lib/api/shared/companies';
