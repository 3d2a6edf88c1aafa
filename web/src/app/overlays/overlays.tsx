import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { useCurrentAlert } from '@/lib/alerts';

const AlertHost = lazy(() => import('./alert-host'));
const Notifications = lazy(() => import('./notifications'));

/**
 * True from the first time `active` is; the overlay then stays mounted so that its closing
 * transitions still play.
 */
function useOnceActive(active: boolean): boolean {
  const [wanted, setWanted] = useState(active);
  if (active && !wanted) setWanted(true);
  return wanted || active;
}

/** The queued blocking dialogs; the Modal code loads with the first one (not on Login). */
export function Alerts() {
  const wanted = useOnceActive(useCurrentAlert() !== null);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AlertHost />
    </Suspense>
  );
}

/** The toasts; the container loads with the first `notifications.show` (not on Login). */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const wanted = useOnceActive(notifications.length > 0 || queue.length > 0);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={4} zIndex={1100} />
    </Suspense>
  );
}
