import { ActionIcon, Center, Indicator, Loader, Paper, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconMessages, IconX } from '@tabler/icons-react';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tooltip.css';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/lib/auth/types';
import type { Chat, ChatPerson, Mensaje } from '@/lib/socket';
import { useChatList } from '../api/chat-list';
import { usePresence } from '../api/get-presence';
import { partnerOf, sortChats, totalUnread } from './chat-cache';
import { useChatLive } from './use-chat-live';
import classes from './chat.module.css';

// The panel's parts (list, conversation, composer) load when the chat is first opened: the
// floating button shows on every /menu page, the panel only on demand.
const loadWindow = () => import('./chat-window');
const loadList = () => import('./conversation-list');
const ChatWindow = lazy(() => loadWindow().then((m) => ({ default: m.ChatWindow })));
const ConversationList = lazy(() => loadList().then((m) => ({ default: m.ConversationList })));
const preloadPanel = () => void Promise.all([loadWindow(), loadList()]).catch(() => undefined);

export interface ChatLauncherProps {
  user: Pick<User, 'cve_empleado'>;
}

/**
 * The shell's floating chat button (spec §2, section `barra.chat`): unread badge, the
 * conversation list with search, and one conversation at a time.
 */
export function ChatLauncher({ user }: ChatLauncherProps) {
  const { t } = useTranslation('chat');
  const me = Number(user.cve_empleado);
  const [open, setOpen] = useState(false);
  const [partner, setPartner] = useState<ChatPerson | null>(null);
  const { data, error, isLoading, mutate } = useChatList();
  const chats = useMemo(() => (data ? sortChats(data) : undefined), [data]);
  const unread = totalUnread(chats);

  const claves = useMemo(() => {
    if (!open) return [];
    const list = (chats ?? []).map((c) => Number(partnerOf(c, me).clave));
    if (partner) list.push(Number(partner.clave));
    return list;
  }, [open, chats, partner, me]);
  const { data: presence } = usePresence(claves);

  const openConversation = (person: ChatPerson) => {
    setPartner({ ...person, clave: Number(person.clave) });
    setOpen(true);
  };

  const onIncoming = (message: Mensaje, known: Chat[] | undefined) => {
    const from = Number(message.empleado.clave);
    const chat = known?.find((c) => c.id === message.chat_id);
    const person = chat ? partnerOf(chat, me) : { clave: from, nombre: '' };
    const id = `chat-${message.chat_id}`;
    notifications.show({
      id,
      title: person.nombre ? t('toast.new_message', { name: person.nombre }) : t('toast.new_message_anonymous'),
      message: message.type === 'img' ? t('list.image') : message.mensaje,
      icon: <IconMessages size={18} aria-hidden />,
      autoClose: 6000,
      style: { cursor: 'pointer' },
      onClick: () => {
        notifications.hide(id);
        openConversation(person.nombre ? person : { ...person, nombre: t('window.unknown') });
      },
    });
  };

  useChatLive({ me, viewing: open && partner ? Number(partner.clave) : null, onIncoming });
  useHotkeys([['Escape', () => setOpen(false)]], [], true);

  const current = partner ? chats?.find((c) => Number(partnerOf(c, me).clave) === Number(partner.clave)) : undefined;

  return (
    <>
      {open && (
        <Paper className={classes.panel} shadow="xl" radius="lg" withBorder role="dialog" aria-label={t('title')}>
          <Suspense
            fallback={
              <Center p="lg">
                <Loader size="sm" aria-label={t('title')} />
              </Center>
            }
          >
            {partner ? (
              <ChatWindow
                key={partner.clave}
                me={me}
                partner={current ? partnerOf(current, me) : partner}
                presence={presence?.[Number(partner.clave)]}
                lastSeen={current?.ultima_conexion}
                onBack={() => setPartner(null)}
                onClose={() => setOpen(false)}
              />
            ) : (
              <>
                <header className={classes.header}>
                  <IconMessages size={20} aria-hidden />
                  <Text fw={700} className={classes.headerText}>
                    {t('title')}
                  </Text>
                  <ActionIcon variant="subtle" className={classes.headerButton} onClick={() => setOpen(false)} aria-label={t('close')}>
                    <IconX size={18} />
                  </ActionIcon>
                </header>
                <ConversationList
                  me={me}
                  chats={chats}
                  loading={isLoading}
                  failed={!!error}
                  onRetry={() => void mutate()}
                  presence={presence}
                  onOpen={openConversation}
                />
              </>
            )}
          </Suspense>
        </Paper>
      )}
      <div className={classes.fab} data-open={open || undefined}>
        <Indicator label={unread} disabled={unread === 0} maxValue={99} size={20} color="red" offset={6} zIndex={171} data-testid="chat-badge">
          <ActionIcon
            size={56}
            radius="xl"
            variant="filled"
            onPointerEnter={preloadPanel}
            onFocus={preloadPanel}
            onClick={() => setOpen((o) => !o)}
            aria-label={unread > 0 ? t('button_unread', { count: unread }) : open ? t('close') : t('open')}
            aria-expanded={open}
            data-testid="chat-launcher"
            style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
          >
            {open ? <IconX size={26} aria-hidden /> : <IconMessages size={26} aria-hidden />}
          </ActionIcon>
        </Indicator>
      </div>
    </>
  );
}
