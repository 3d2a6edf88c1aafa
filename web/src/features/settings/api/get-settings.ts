import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { CIA_KEY } from '@/lib/company/get-cia';

/**
 * The company configuration as the site administrator reads it: every field but the secrets,
 * plus `<secret>_configurado` (server/src/settings/mod.rs `view`, not part of the OpenAPI
 * schema because the server adds it to the administrator's answer only).
 */
export type CompanySettings = Schema<'Cia'> & {
  teams_client_secret_configurado?: boolean;
};

/**
 * SWR key of the administrator's view. Not the shared `CIA_KEY` entry: that one may hold the
 * pre-login answer (branding only), which lacks the fields this screen edits.
 */
export const SETTINGS_KEY = [CIA_KEY, 'configuracion.sitio'] as const;

/** GET cia with a session holding configuracion.sitio. */
export function fetchSettings(): Promise<CompanySettings> {
  return apiRequest<CompanySettings>(CIA_KEY, { errorDialog: false });
}

/** The configuration the screen edits, always read afresh when the screen opens. */
export function useSettings() {
  return useSWR<CompanySettings>(SETTINGS_KEY, fetchSettings, { revalidateOnFocus: false, revalidateOnMount: true });
}
