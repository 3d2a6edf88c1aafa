import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pushSupported, setupPush } from '@/lib/push/web-push';

interface NavigateMessage {
  type: 'aula:navigate';
  url: string;
}

function isNavigateMessage(data: unknown): data is NavigateMessage {
  const message = data as Partial<NavigateMessage> | null;
  return (
    !!message &&
    message.type === 'aula:navigate' &&
    typeof message.url === 'string' &&
    message.url.startsWith('/') &&
    !message.url.startsWith('//')
  );
}

/**
 * Mount once in the /menu shell: registers the service worker after login, re-subscribes
 * when the user allowed notifications before, and follows push clicks to their page.
 */
export function usePushSetup(): void {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();

  const onProblem = useEffectEvent(() => {
    notifications.show({ color: 'red', message: t('push.worker_error') });
  });
  const onMessage = useEffectEvent((event: MessageEvent) => {
    if (isNavigateMessage(event.data)) navigate(event.data.url);
  });

  useEffect(() => {
    if (!pushSupported()) return;
    let alive = true;
    void setupPush().then((result) => {
      if (alive && (result === 'worker_failed' || result === 'subscribe_failed')) onProblem();
    });
    const container = navigator.serviceWorker;
    const listener = (event: MessageEvent) => onMessage(event);
    container.addEventListener('message', listener);
    return () => {
      alive = false;
      container.removeEventListener('message', listener);
    };
  }, []);
}
