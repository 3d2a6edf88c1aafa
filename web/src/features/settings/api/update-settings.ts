import { apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { CIA_KEY } from '@/lib/company/get-cia';
import type { CompanySettings } from './get-settings';

/**
 * The fields a save changes. `teams_client_secret` is write-only: the OpenAPI response type
 * leaves it out, so it is added here; sent empty (or not at all) the stored one stays.
 */
export type SettingsPatch = Partial<Schema<'Cia'>> & { teams_client_secret?: string };

/** PUT cia with only the changed fields → the administrator's view of the result. */
export function putSettings(patch: SettingsPatch): Promise<CompanySettings> {
  return apiRequest<CompanySettings>(CIA_KEY, { method: 'PUT', body: patch, errorDialog: false });
}
