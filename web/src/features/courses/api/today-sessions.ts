import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';
import type { SesionPanel } from './types';

/** GET cursos/panel: today's sessions (company time). */
export function fetchTodaySessions(): Promise<SesionPanel[]> {
  return apiRequest<SesionPanel[]>(`${CURSOS}/panel`, { errorDialog: false });
}

/** Today's sessions, refreshed every minute (attendance is recorded meanwhile). */
export function useTodaySessions() {
  return useSWR<SesionPanel[]>('cursos.panel', fetchTodaySessions, { refreshInterval: 60_000 });
}
