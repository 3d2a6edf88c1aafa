import { PRI, apiRequest } from '@/lib/api/client';

/** PUT notificaciones/leidas: marks every notification of the user read. */
export function putAllNotificationsRead(): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/notificaciones/leidas`, { method: 'PUT', body: {}, errorDialog: false });
}
