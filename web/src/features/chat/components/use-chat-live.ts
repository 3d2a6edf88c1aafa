import { useSWRConfig } from 'swr';
import { useRealtimeEvent, type Chat, type Mensaje } from '@/lib/socket';
import { CHAT_LIST_KEY } from '../api/chat-list';
import { historyCacheKey, type HistoryPage } from '../api/chat-history';
import { presenceKeyIncludes, type PresenceMap } from '../api/get-presence';
import { openChat } from '../api/open-chat';
import {
  appendMessage,
  applyMessageToChats,
  applyReadToChats,
  isMine,
  markHistoryRead,
  messagePartner,
  partnerOf,
} from './chat-cache';

export interface ChatLiveOptions {
  me: number;
  /** The partner whose conversation is on screen, or null. */
  viewing: number | null;
  /** An incoming message the user is not looking at (toast). */
  onIncoming?: (message: Mensaje, chats: Chat[] | undefined) => void;
}

/**
 * Keeps the chat caches fresh from the socket: `chat:message` (history + list + unread),
 * `chat:read` (ticks), `presence:changed` (dots) and reconnects (catch up).
 */
export function useChatLive({ me, viewing, onIncoming }: ChatLiveOptions): void {
  const { cache, mutate } = useSWRConfig();

  const loadedChats = () => cache.get(CHAT_LIST_KEY)?.data as Chat[] | undefined;

  // Only edit what is loaded: writing into a cache whose first answer is still on its way
  // would make SWR throw that answer away.
  const editHistory = (partner: number, change: (pages: HistoryPage[]) => HistoryPage[]) => {
    const key = historyCacheKey(partner);
    const pages = cache.get(key)?.data as HistoryPage[] | undefined;
    if (pages) void mutate(key, change(pages), { revalidate: false });
  };

  useRealtimeEvent('chat:message', (message) => {
    if (!message || message.id === undefined) return;
    const mine = isMine(message, me);
    const partner = messagePartner(message, me);
    const looking = viewing === partner && document.visibilityState !== 'hidden';
    editHistory(partner, (pages) => appendMessage(pages, message));
    const chats = loadedChats();
    const next = chats ? applyMessageToChats(chats, message, { countUnread: !mine && !looking }) : null;
    if (next) void mutate(CHAT_LIST_KEY, next, { revalidate: false });
    else void mutate(CHAT_LIST_KEY);
    if (mine) return;
    if (looking) void openChat(partner).catch(() => undefined);
    else onIncoming?.(message, chats);
  });

  useRealtimeEvent('chat:read', (read) => {
    if (!read) return;
    const lector = Number(read.lector);
    const chats = loadedChats();
    if (chats) void mutate(CHAT_LIST_KEY, applyReadToChats(chats, read, me), { revalidate: false });
    const chat = chats?.find((c) => c.id === read.chat_id);
    const partner = lector !== me ? lector : chat ? Number(partnerOf(chat, me).clave) : null;
    if (partner === null) return;
    // The reader read the other participant's messages.
    const author = lector === me ? partner : me;
    editHistory(partner, (pages) => markHistoryRead(pages, author, Number(read.hasta)));
  });

  useRealtimeEvent('presence:changed', (presence) => {
    if (!presence) return;
    const clave = Number(presence.clave);
    void mutate<PresenceMap>(
      (key) => presenceKeyIncludes(key, clave),
      (map) => (map ? { ...map, [clave]: presence } : map),
      { revalidate: false },
    );
  });

  useRealtimeEvent('realtime:connected', ({ reconnect }) => {
    // After a reconnect we may have missed events; on the first connect only a failed
    // (timed out while connecting) list needs asking again.
    if (!reconnect) {
      if (cache.get(CHAT_LIST_KEY)?.error) void mutate(CHAT_LIST_KEY);
      return;
    }
    void mutate(CHAT_LIST_KEY);
    void mutate((key) => Array.isArray(key) && key[0] === 'chat:presence');
    if (viewing !== null) void mutate(historyCacheKey(viewing));
  });
}
