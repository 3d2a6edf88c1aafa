import { apiRequest } from '@/lib/api/client';
import { topicPackageUrl } from './paths';

/** DELETE catalogos/temas/{cve_tema}/scorm; 409 scorm.con_intentos once learners have attempts. */
export function deletePackage(cveTema: number): Promise<{ resp: string }> {
  return apiRequest<{ resp: string }>(topicPackageUrl(cveTema), { method: 'DELETE', errorDialog: false });
}
