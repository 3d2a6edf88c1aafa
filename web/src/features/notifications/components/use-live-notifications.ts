import { useRealtimeEvent, type Notificacion } from '@/lib/socket';
import { isUnread } from './notification-rules';
import { usePendingCache } from './use-pending-cache';

/**
 * Keeps the bell and the notifications table fresh from the socket: `notification:new` adds
 * (and calls `onNew` for the toast), `notifications:changed` refetches, a reconnect catches up.
 */
export function useLiveNotifications(cve: number, onNew?: (notification: Notificacion) => void): void {
  const pending = usePendingCache(cve);

  useRealtimeEvent('notification:new', (notification) => {
    if (!notification || notification.idnotificacion === undefined) return;
    if (isUnread(notification)) pending.add(notification);
    pending.refreshTable();
    onNew?.(notification);
  });

  useRealtimeEvent('notifications:changed', () => {
    pending.refresh();
    pending.refreshTable();
  });

  useRealtimeEvent('realtime:connected', ({ reconnect }) => {
    if (reconnect) pending.refresh();
  });
}
