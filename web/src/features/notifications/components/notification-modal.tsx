import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFileAnalytics, IconVideo } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { showAlert } from '@/lib/alerts';
import { ApiError } from '@/lib/api/errors';
import { useFormat } from '@/lib/i18n/use-format';
import type { Notificacion } from '@/lib/socket';
import { notificationKey, useNotification } from '../api/get-notification';
import { putNotificationRead } from '../api/mark-read';
import { isUnread, notificationDate, offersReport, resourceTarget, safeExternalUrl } from './notification-rules';
import { closeNotification, useOpenNotification } from './notification-store';
import { RequestPanel } from './request-panel';
import { requestOf } from './request-rules';
import { usePendingCache } from './use-pending-cache';

export interface NotificationModalHostProps {
  /** The logged-in employee (the bell's cache is theirs). */
  cve: number;
  /** Route of Capacitaciones_Proximas_Vencer when that screen exists for the user, else null. */
  reportPath: string | null;
}

function isSessionError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 409);
}

/**
 * The shell's notification modal (spec §2): title, content, meeting link, date, 'Mirar
 * recurso' and actions. Opening marks it read; one that no longer exists closes with the
 * spec's message.
 */
export function NotificationModalHost({ cve, reportPath }: NotificationModalHostProps) {
  const { t } = useTranslation(['notifications', 'errors', 'common']);
  const { formatDate } = useFormat();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const pending = usePendingCache(cve);
  const open = useOpenNotification();
  // The modal mounts when a notification is first opened (and stays, for its closing transition).
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  const marking = useRef(new Set<number>());

  const gone = () => {
    closeNotification();
    pending.refresh();
    pending.refreshTable();
    void showAlert({ title: t('errors:ui.ups'), message: t('notifications:modal.not_found'), tone: 'warning' });
  };

  const markRead = async (notification: Notificacion) => {
    const id = Number(notification.idnotificacion);
    if (!isUnread(notification) || marking.current.has(id)) return;
    marking.current.add(id);
    try {
      await putNotificationRead(id);
      pending.remove(id);
      pending.refreshTable();
      void mutate(notificationKey(id), { ...notification, estatus: 2 }, { revalidate: false });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) gone();
    } finally {
      marking.current.delete(id);
    }
  };

  const { data } = useNotification(open?.id ?? null, {
    onSuccess: (notification) => void markRead(notification),
    onError: (error: unknown) => {
      if (isSessionError(error)) {
        closeNotification();
      } else if (error instanceof ApiError && error.status === 404) {
        gone();
      } else {
        closeNotification();
        void showAlert({ title: t('errors:ui.ups'), message: t('notifications:modal.load_error') });
      }
    },
  });

  // Keep the last notification on screen while the modal animates closed.
  const current = open ? (data && Number(data.idnotificacion) === open.id ? data : open.preview) : undefined;
  const [shown, setShown] = useState<Notificacion | undefined>(undefined);
  if (current && current !== shown) setShown(current);
  const notification = open ? current : shown;

  const meeting = safeExternalUrl(notification?.meeting);
  const resource = resourceTarget(notification?.recurso);
  const date = notification ? notificationDate(notification) : null;
  const showReport = !!notification && offersReport(notification, reportPath);
  const request = requestOf(notification?.solicitud);

  // The request's new state shows at once; the notification is read again for the server's view.
  const resolved = (estatus: number, etapa?: string) => {
    if (!notification) return;
    const id = Number(notification.idnotificacion);
    // Once this step is answered it is someone else's turn (or nobody's).
    const solicitud = { ...(notification.solicitud as object), estatus, ...(etapa ? { etapa } : {}), puede_resolver: false };
    void mutate(notificationKey(id), { ...notification, solicitud }, { revalidate: true });
    pending.refreshTable();
  };

  const go = (path: string) => {
    closeNotification();
    navigate(path);
  };

  if (!wanted) return null;
  return (
    <Modal
      opened={!!open}
      onClose={closeNotification}
      title={
        <Text fw={700} size="lg" component="span">
          {notification?.titulo ?? t('notifications:modal.loading')}
        </Text>
      }
      size="md"
      centered
    >
      {!notification ? (
        <Center py="lg" role="status" aria-label={t('notifications:modal.loading')}>
          <Loader size="sm" />
        </Center>
      ) : (
        <Stack gap="sm">
          {date && (
            <Text size="xs" c="dimmed" data-testid="notification-date">
              {formatDate(date, 'PPPp')}
            </Text>
          )}
          {notification.origen && (
            <Text size="xs" c="dimmed">
              {t('notifications:modal.origin', { origen: notification.origen })}
            </Text>
          )}
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {notification.contenido}
          </Text>
          {meeting && (
            <Button
              component="a"
              href={meeting}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconVideo size={18} aria-hidden />}
              variant="light"
              fullWidth
            >
              {t('notifications:modal.meeting')}
            </Button>
          )}
          {request && <RequestPanel request={request} cve={cve} onResolved={resolved} onGone={gone} />}
          {resource?.kind === 'external' && (
            <Button
              component="a"
              href={resource.url}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              leftSection={<IconExternalLink size={16} aria-hidden />}
              w="fit-content"
            >
              {t('notifications:modal.resource')}
            </Button>
          )}
          {resource?.kind === 'internal' && (
            <Button
              variant="subtle"
              leftSection={<IconExternalLink size={16} aria-hidden />}
              w="fit-content"
              onClick={() => go(resource.path)}
            >
              {t('notifications:modal.resource')}
            </Button>
          )}
          <Group justify="flex-end" mt="sm">
            {showReport && reportPath && (
              <Button leftSection={<IconFileAnalytics size={16} aria-hidden />} onClick={() => go(reportPath)}>
                {t('notifications:modal.report')}
              </Button>
            )}
            <Button variant="default" onClick={closeNotification}>
              {t('common:actions.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
