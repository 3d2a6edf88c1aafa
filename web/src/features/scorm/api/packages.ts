import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { PACKAGES_URL } from './paths';
import type { PaqueteOpcion } from './types';

/** GET scorm/paquetes: every topic with a package. */
export function fetchPackages(): Promise<PaqueteOpcion[]> {
  return apiRequest<PaqueteOpcion[]>(PACKAGES_URL, { errorDialog: false });
}

/** The topics with a package (the progress screen's filter). */
export function usePackages() {
  return useSWR<PaqueteOpcion[]>('scorm.paquetes', fetchPackages, { revalidateOnFocus: false });
}
