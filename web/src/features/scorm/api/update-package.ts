import { apiRequest } from '@/lib/api/client';
import { topicPackageUrl } from './paths';
import type { PaqueteScorm, PaqueteScormForm } from './types';

/** PUT catalogos/temas/{cve_tema}/scorm `{intentos}` (0 = unlimited). */
export function putPackage(cveTema: number, body: PaqueteScormForm): Promise<PaqueteScorm> {
  return apiRequest<PaqueteScorm>(topicPackageUrl(cveTema), { method: 'PUT', body, errorDialog: false });
}
