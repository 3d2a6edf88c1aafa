import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Notificacion } from '@/lib/socket';

/** SWR key of a user's unread notifications (the bell). */
export function pendingKey(cve: number) {
  return ['notificaciones', 'pendientes', cve] as const;
}

/** GET notificaciones/web/{cve}/pendientes → unread notifications, newest first. */
export async function fetchPending(cve: number): Promise<Notificacion[]> {
  const answer = await apiRequest<Notificacion[] | null>(`${PRI}/notificaciones/web/${cve}/pendientes`, {
    errorDialog: false,
  });
  return Array.isArray(answer) ? answer : [];
}

/** The bell's list; kept fresh by `notification:new` and `notifications:changed`. */
export function usePendingNotifications(cve: number) {
  return useSWR<Notificacion[]>(pendingKey(cve), () => fetchPending(cve), { revalidateOnFocus: false });
}
