import { ActionIcon, Button, Center, Loader, ScrollArea, Text } from '@mantine/core';
import { IconArrowLeft, IconX } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { Chat, ChatPerson, Mensaje, Presence } from '@/lib/socket';
import { CHAT_LIST_KEY } from '../api/chat-list';
import { useChatHistory } from '../api/chat-history';
import { openChat } from '../api/open-chat';
import { appendMessage, applyMessageToChats, clearUnread, flattenHistory, isMine } from './chat-cache';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';
import { PresenceAvatar } from './presence';
import { usePresenceLabel } from './presence-label';
import classes from './chat.module.css';

export interface ChatWindowProps {
  me: number;
  partner: ChatPerson;
  presence?: Presence;
  /** `ultima_conexion` of the conversation, when presence has no date. */
  lastSeen?: string | null;
  onBack: () => void;
  onClose: () => void;
}

/** Distance from the top (px) at which older messages load. */
const LOAD_OLDER_AT = 40;
/** Closer than this to the bottom, new messages keep the view pinned to the end. */
const STICK_WITHIN = 60;

/** One conversation: history (newest 50, older pages on scrolling up), ticks, composer. */
export function ChatWindow({ me, partner, presence, lastSeen, onBack, onClose }: ChatWindowProps) {
  const { t } = useTranslation('chat');
  const { cache, mutate: mutateGlobal } = useSWRConfig();
  const con = Number(partner.clave);
  const { data, error, size, setSize, isLoading, mutate } = useChatHistory(con);
  const messages = flattenHistory(data);
  const hasMore = !!data && !!data[data.length - 1]?.mas;
  const loadingOlder = !!data && size > data.length;
  const presenceLabel = usePresenceLabel();

  const viewport = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const stick = useRef(true);

  // Opening a conversation reads it (chat:open); the list stops counting it at once.
  useEffect(() => {
    const chats = cache.get(CHAT_LIST_KEY)?.data as Chat[] | undefined;
    if (chats) void mutateGlobal(CHAT_LIST_KEY, clearUnread(chats, con, me), { revalidate: false });
    void openChat(con).catch(() => undefined);
  }, [con, me, cache, mutateGlobal]);

  const firstId = messages[0]?.id;
  const last = messages[messages.length - 1];
  const lastId = last?.id;
  const lastMine = last ? isMine(last, me) : false;

  // An older page arrived above: keep the reader on the message they were looking at.
  useLayoutEffect(() => {
    const el = viewport.current;
    const saved = anchor.current;
    if (el && saved) {
      el.scrollTop = el.scrollHeight - saved.height + saved.top;
      anchor.current = null;
    }
  }, [firstId]);

  // A new message at the end: follow it when the reader was at the end (or wrote it).
  useLayoutEffect(() => {
    const el = viewport.current;
    if (el && (stick.current || lastMine)) el.scrollTop = el.scrollHeight;
  }, [lastId, lastMine]);

  const loadOlder = () => {
    if (!hasMore || loadingOlder) return;
    const el = viewport.current;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void setSize(size + 1);
  };

  const onSent = (message: Mensaje) => {
    stick.current = true;
    if (data) void mutate(appendMessage(data, message), { revalidate: false });
    else void mutate();
    const chats = cache.get(CHAT_LIST_KEY)?.data as Chat[] | undefined;
    const next = chats ? applyMessageToChats(chats, message, { countUnread: false }) : null;
    if (next) void mutateGlobal(CHAT_LIST_KEY, next, { revalidate: false });
    else void mutateGlobal(CHAT_LIST_KEY);
  };

  return (
    <div className={classes.body}>
      <header className={classes.header}>
        <ActionIcon variant="subtle" className={classes.headerButton} onClick={onBack} aria-label={t('window.back')}>
          <IconArrowLeft size={18} />
        </ActionIcon>
        <PresenceAvatar person={partner} presence={presence} size={34} />
        <div className={classes.headerText}>
          <Text fw={700} size="sm" truncate>
            {partner.nombre}
          </Text>
          <Text size="xs" opacity={0.85} truncate data-testid="chat-presence">
            {presenceLabel(presence, lastSeen)}
          </Text>
        </div>
        <ActionIcon variant="subtle" className={classes.headerButton} onClick={onClose} aria-label={t('close')}>
          <IconX size={18} />
        </ActionIcon>
      </header>
      <ScrollArea
        className={classes.scroll}
        viewportRef={viewport}
        type="auto"
        offsetScrollbars
        onScrollPositionChange={({ y }) => {
          const el = viewport.current;
          if (el) stick.current = el.scrollHeight - el.clientHeight - y < STICK_WITHIN;
          if (y < LOAD_OLDER_AT) loadOlder();
        }}
      >
        <div className={classes.messages} role="log" aria-label={t('window.history', { name: partner.nombre })}>
          {hasMore && (
            <Button variant="subtle" size="compact-xs" onClick={loadOlder} loading={loadingOlder} style={{ alignSelf: 'center' }}>
              {t('window.load_older')}
            </Button>
          )}
          {isLoading && !data && (
            <Center py="lg">
              <Loader size="sm" aria-label={t('window.loading')} />
            </Center>
          )}
          {!!error && !data && (
            <Text size="sm" c="red" ta="center" role="alert">
              {t('window.history_error')}
            </Text>
          )}
          {data && messages.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              {t('window.empty')}
            </Text>
          )}
          {messages.map((message) => {
            const mine = isMine(message, me);
            return <MessageBubble key={message.id} message={message} mine={mine} authorName={mine ? t('window.me') : partner.nombre} />;
          })}
        </div>
      </ScrollArea>
      <Composer para={con} onSent={onSent} />
    </div>
  );
}
