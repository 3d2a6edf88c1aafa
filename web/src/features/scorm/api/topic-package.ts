import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import { topicPackageUrl } from './paths';
import type { PaqueteScorm } from './types';

/** SWR key of a topic's package. */
export const topicPackageKey = (cveTema: number) => ['scorm.paquete', cveTema] as const;

/** GET catalogos/temas/{cve_tema}/scorm; `null` when the topic has no package (404 scorm.sin_paquete). */
export async function fetchTopicPackage(cveTema: number): Promise<PaqueteScorm | null> {
  try {
    return await apiRequest<PaqueteScorm>(topicPackageUrl(cveTema), { errorDialog: false });
  } catch (error) {
    if (isApiError(error, 404) && error.code === 'scorm.sin_paquete') return null;
    throw error;
  }
}

/** A topic's package (`data === null`: none yet). */
export function useTopicPackage(cveTema: number) {
  return useSWR<PaqueteScorm | null>(topicPackageKey(cveTema), () => fetchTopicPackage(cveTema), { revalidateOnFocus: false });
}
