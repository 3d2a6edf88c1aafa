import { ActionIcon, Avatar, Button, Group, Indicator, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLogout2, IconUsers } from '@tabler/icons-react';
import '@mantine/core/styles/Indicator.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredPopover } from '@/components/deferred-popover';
import { showAlert } from '@/lib/alerts';
import { ApiError } from '@/lib/api/errors';
import type { User } from '@/lib/auth/types';
import { useRealtimeEvent } from '@/lib/socket';
import { useActiveSessions, type ActiveSession } from '../api/get-active-sessions';
import { canReleaseActive } from './active-users';
import { deleteWebSession } from '../api/release-session';

/** Top-bar list of the users with an open web session, live from `sessions:changed`. */
export function ActiveUsersMenu({ user, color }: { user: User; color?: string }) {
  const { t } = useTranslation(['shell', 'common', 'errors']);
  const { data, error, isLoading, mutate } = useActiveSessions();
  const [release, setRelease] = useState<ActiveSession | null>(null);
  // The confirmation mounts when first asked for (and stays, for its closing transition).
  const [confirmWanted, setConfirmWanted] = useState(false);
  if (release && !confirmWanted) setConfirmWanted(true);
  const [busy, setBusy] = useState(false);

  useRealtimeEvent('sessions:changed', () => void mutate());
  useRealtimeEvent('realtime:connected', ({ reconnect }) => {
    if (reconnect) void mutate();
  });

  const sessions = data ?? [];
  const count = sessions.length;

  const confirmRelease = async () => {
    if (!release) return;
    setBusy(true);
    try {
      await deleteWebSession(Number(release.clave));
      setRelease(null);
      void mutate();
      await showAlert({ title: t('common:success'), message: t('shell:active_users.released'), tone: 'success' });
    } catch (failure) {
      if (!(failure instanceof ApiError && (failure.status === 401 || failure.status === 409))) {
        setRelease(null);
        await showAlert({ title: t('errors:ui.ups'), message: t('shell:active_users.release_error') });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Indicator inline label={count} disabled={count === 0} maxValue={99} size={17} color="teal" offset={7} zIndex={1}>
        <DeferredPopover
          position="bottom-end"
          shadow="md"
          width={320}
          withinPortal
          dropdownProps={{ p: 0 }}
          target={
            <ActionIcon
              variant="subtle"
              color="gray"
              size={38}
              radius="md"
              aria-label={t('shell:active_users.label', { count })}
              style={color ? { color } : undefined}
            >
              <IconUsers size={22} aria-hidden />
            </ActionIcon>
          }
        >
          {() => (
            <>
              <Text fw={700} size="sm" px="md" pt="sm" pb={6}>
                {t('shell:active_users.title', { count })}
              </Text>
              {error && !data ? (
                <Text size="sm" c="red" px="md" pb="sm" role="alert">
                  {t('shell:active_users.load_error')}
                </Text>
              ) : !isLoading && count === 0 ? (
                <Text size="sm" c="dimmed" px="md" pb="sm">
                  {t('shell:active_users.empty')}
                </Text>
              ) : (
                <ScrollArea.Autosize mah={320} type="auto">
                  <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('shell:active_users.title', { count })}>
                    {sessions.map((session) => {
                      const self = Number(session.clave) === Number(user.cve_empleado);
                      return (
                        <Group key={session.clave} component="li" gap="sm" wrap="nowrap" px="md" py={6}>
                          <Avatar name={session.nombre} color="initials" radius="xl" size={30} alt="" />
                          <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                            {session.nombre}
                            {self && (
                              <Text span c="dimmed" size="xs">
                                {' '}
                                ({t('shell:active_users.you')})
                              </Text>
                            )}
                          </Text>
                          {canReleaseActive(user, session) && (
                            <Button
                              size="compact-xs"
                              variant="light"
                              color="red"
                              leftSection={<IconLogout2 size={14} aria-hidden />}
                              onClick={() => setRelease(session)}
                              aria-label={t('shell:active_users.release_for', { name: session.nombre })}
                            >
                              {t('shell:active_users.release')}
                            </Button>
                          )}
                        </Group>
                      );
                    })}
                  </Stack>
                </ScrollArea.Autosize>
              )}
            </>
          )}
        </DeferredPopover>
      </Indicator>
      {confirmWanted && (
        <Modal opened={!!release} onClose={() => setRelease(null)} title={t('shell:active_users.release')} size="sm">
          <Text size="sm">{t('shell:active_users.release_confirm', { name: release?.nombre ?? '' })}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setRelease(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button color="red" onClick={() => void confirmRelease()} loading={busy}>
              {t('shell:active_users.release')}
            </Button>
          </Group>
        </Modal>
      )}
    </>
  );
}
