import { useCallback, useMemo } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import type { Notificacion } from '@/lib/socket';
import { pendingKey } from '../api/get-pending';
import { isNotificationsTableKey } from '../api/notifications-table';
import { addNotification, removeNotification } from './notification-rules';

/**
 * Edits the bell's cache in place. Before the first answer there is nothing to edit (and a
 * local write would make SWR drop the answer in flight), so those cases refetch instead.
 */
export function usePendingCache(cve: number) {
  const { cache, mutate } = useSWRConfig();
  const key = useMemo(() => pendingKey(cve), [cve]);

  const update = useCallback(
    (change: (list: readonly Notificacion[]) => Notificacion[]) => {
      const loaded = cache.get(unstable_serialize(key))?.data as Notificacion[] | undefined;
      if (!loaded) return void mutate(key);
      void mutate(key, change(loaded), { revalidate: false });
    },
    [cache, mutate, key],
  );

  return useMemo(
    () => ({
      add: (notification: Notificacion) => update((list) => addNotification(list, notification)),
      remove: (id: number) => update((list) => removeNotification(list, id)),
      clear: () => update(() => []),
      refresh: () => void mutate(key),
      refreshTable: () => void mutate(isNotificationsTableKey),
    }),
    [update, mutate, key],
  );
}
