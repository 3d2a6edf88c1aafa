import { PRI, apiRequest } from '@/lib/api/client';

/** PUT notificaciones/{id}/leida: opening a notification marks it read. */
export function putNotificationRead(id: number): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/notificaciones/${id}/leida`, { method: 'PUT', body: {}, errorDialog: false });
}
