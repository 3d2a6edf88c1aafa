import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';
import type { ReunionSesion } from './types';

/** GET cursos/reuniones: today's and the next 30 days' online sessions. */
export function fetchOnlineSessions(): Promise<ReunionSesion[]> {
  return apiRequest<ReunionSesion[]>(`${CURSOS}/reuniones`, { errorDialog: false });
}

/** The online sessions list. */
export function useOnlineSessions() {
  return useSWR<ReunionSesion[]>('cursos.reuniones', fetchOnlineSessions, { revalidateOnFocus: false, refreshInterval: 60_000 });
}
