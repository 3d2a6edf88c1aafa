import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** SWR key of the active sessions list (`sessions:changed` refreshes it). */
export const ACTIVE_SESSIONS_KEY = 'usuarios/sesiones/activas';

/** One active web session (docs/api-contract.md). */
export interface ActiveSession {
  clave: number;
  nombre: string;
  inicio?: string | null;
  ultima_actividad?: string | null;
}

/** GET usuarios/sesiones/activas (section `usuarios.activos`). */
export async function fetchActiveSessions(): Promise<ActiveSession[]> {
  const answer = await apiRequest<ActiveSession[] | null>(`${PRI}/usuarios/sesiones/activas`, { errorDialog: false });
  return Array.isArray(answer) ? answer : [];
}

/** The top bar's active users. */
export function useActiveSessions() {
  return useSWR<ActiveSession[]>(ACTIVE_SESSIONS_KEY, fetchActiveSessions, { revalidateOnFocus: false });
}
