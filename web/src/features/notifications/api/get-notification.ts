import useSWR, { type SWRConfiguration } from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { Notificacion } from '@/lib/socket';

/** SWR key of one notification. */
export function notificationKey(id: number) {
  return ['notificaciones', 'detalle', id] as const;
}

/** GET notificaciones/{id} → `[Notificacion]`; 404 when it no longer exists. */
export async function fetchNotification(id: number): Promise<Notificacion> {
  const answer = await apiRequest<Notificacion[] | Notificacion>(`${PRI}/notificaciones/${id}`, { errorDialog: false });
  const notification = Array.isArray(answer) ? answer[0] : answer;
  if (!notification || typeof notification !== 'object') throw new ApiError(404, { code: 'http.no_encontrado' });
  return notification;
}

/** The notification the modal shows. */
export function useNotification(id: number | null, config?: SWRConfiguration<Notificacion>) {
  return useSWR<Notificacion>(id ? notificationKey(id) : null, () => fetchNotification(id as number), {
    revalidateOnFocus: false,
    ...config,
  });
}
