import { ActionIcon, Indicator, Menu, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellRinging, IconChecks, IconListDetails } from '@tabler/icons-react';
import '@mantine/core/styles/Indicator.css';
import { formatDistanceToNow, isValid, parseISO } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeferredMenu } from '@/components/deferred-popover';
import { ApiError } from '@/lib/api/errors';
import type { User } from '@/lib/auth/types';
import { dateLocale } from '@/lib/i18n/date-locales';
import { enablePush, usePushPermission } from '@/lib/push/web-push';
import type { Notificacion } from '@/lib/socket';
import { usePendingNotifications } from '../api/get-pending';
import { putAllNotificationsRead } from '../api/mark-all-read';
import { MAX_LISTED, notificationDate } from './notification-rules';
import { openNotification } from './notification-store';
import { useLiveNotifications } from './use-live-notifications';
import { usePendingCache } from './use-pending-cache';

export interface NotificationBellProps {
  user: Pick<User, 'cve_empleado'>;
  /** Header text colour. */
  color?: string;
  /** "Ver todas" target, or null when the user has no notifications screen. */
  seeAllPath?: string | null;
}

function relative(value: string | null, language: string): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? formatDistanceToNow(date, { addSuffix: true, locale: dateLocale(language) }) : '';
}

function preview(text: string | null | undefined, max = 140): string {
  const value = (text ?? '').trim();
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** Top-bar bell (spec §2): unread count badge, the 5 newest unread, "Ver todas", push opt-in. */
export function NotificationBell({ user, color, seeAllPath }: NotificationBellProps) {
  const { t, i18n } = useTranslation(['notifications', 'errors']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { data, error, isLoading } = usePendingNotifications(user.cve_empleado);
  const pending = usePendingCache(user.cve_empleado);
  const permission = usePushPermission();
  const [busy, setBusy] = useState(false);

  useLiveNotifications(user.cve_empleado, (notification) => {
    const id = `notificacion-${notification.idnotificacion}`;
    notifications.show({
      id,
      title: notification.titulo,
      message: preview(notification.contenido) || t('notifications:toast.open'),
      icon: <IconBell size={18} aria-hidden />,
      autoClose: 8000,
      style: { cursor: 'pointer' },
      onClick: () => {
        notifications.hide(id);
        openNotification(notification);
      },
    });
  });

  const list = data ?? [];
  const count = list.length;
  const listed = list.slice(0, MAX_LISTED);
  const offerPush = permission === 'default' || permission === 'denied';

  const markAll = async () => {
    setBusy(true);
    try {
      await putAllNotificationsRead();
      pending.clear();
      pending.refresh();
      pending.refreshTable();
    } catch (failure) {
      if (!(failure instanceof ApiError && (failure.status === 401 || failure.status === 409))) {
        notifications.show({ color: 'red', title: t('errors:ui.ups'), message: t('notifications:bell.mark_all_error') });
      }
    } finally {
      setBusy(false);
    }
  };

  const activatePush = async () => {
    // Spec §8: a refusal asks again politely; the browser will not prompt twice.
    const result = permission === 'denied' ? 'denied' : await enablePush();
    if (result === 'granted') notifications.show({ color: 'teal', message: t('notifications:push.enabled') });
    else if (result === 'failed') notifications.show({ color: 'red', message: t('notifications:push.worker_error') });
    else if (result === 'denied' || result === 'default') notifications.show({ color: 'yellow', message: t('notifications:push.denied') });
  };

  return (
    <Indicator inline label={count} disabled={count === 0} maxValue={99} size={17} color="red" offset={7} zIndex={1} data-testid="notification-badge">
      <DeferredMenu
        position="bottom-end"
        shadow="md"
        width={340}
        withinPortal
        target={
          <ActionIcon
            variant="subtle"
            color="gray"
            size={38}
            radius="md"
            aria-label={count > 0 ? t('notifications:bell.label_count', { count }) : t('notifications:bell.label')}
            style={color ? { color } : undefined}
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        }
      >
        {() => (
          <>
            <Menu.Label>{t('notifications:bell.title')}</Menu.Label>
            {error && !data ? (
              <Text size="sm" c="red" px="sm" py={6} role="alert">
                {t('notifications:bell.load_error')}
              </Text>
            ) : listed.length === 0 && !isLoading ? (
              <Text size="sm" c="dimmed" px="sm" py={6}>
                {t('notifications:bell.empty')}
              </Text>
            ) : null}
            {listed.map((notification: Notificacion) => (
              <Menu.Item
                key={notification.idnotificacion}
                onClick={() => openNotification(notification)}
                leftSection={
                  <ThemeIcon size={30} radius="xl" variant="light">
                    <IconBell size={16} aria-hidden />
                  </ThemeIcon>
                }
                data-testid="notification-item"
              >
                <Stack gap={0}>
                  <Text size="sm" fw={600} lineClamp={1}>
                    {notification.titulo}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {notification.contenido}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {relative(notificationDate(notification), language)}
                  </Text>
                </Stack>
              </Menu.Item>
            ))}
            {count > MAX_LISTED && (
              <Text size="xs" c="dimmed" px="sm" pb={4}>
                {t('notifications:bell.more', { count: count - MAX_LISTED })}
              </Text>
            )}
            <Menu.Divider />
            {count > 0 && (
              <Menu.Item leftSection={<IconChecks size={16} aria-hidden />} onClick={() => void markAll()} disabled={busy}>
                {t('notifications:bell.mark_all')}
              </Menu.Item>
            )}
            {offerPush && (
              <Menu.Item leftSection={<IconBellRinging size={16} aria-hidden />} onClick={() => void activatePush()}>
                {t('notifications:push.enable')}
              </Menu.Item>
            )}
            {seeAllPath && (
              <Menu.Item component={Link} to={seeAllPath} leftSection={<IconListDetails size={16} aria-hidden />}>
                {t('notifications:bell.see_all')}
              </Menu.Item>
            )}
          </>
        )}
      </DeferredMenu>
    </Indicator>
  );
}
