import useSWR from 'swr';
import { realtimeCall, type Chat } from '@/lib/socket';

/** SWR key of the conversation list. */
export const CHAT_LIST_KEY = 'chat:list';

/** `chat:list` → my conversations (5 per side, newest first). */
export async function fetchChats(): Promise<Chat[]> {
  const ack = await realtimeCall('chat:list', undefined);
  return Array.isArray(ack.chats) ? ack.chats : [];
}

/** The conversation list; kept fresh by `chat:message` and `chat:read`. */
export function useChatList() {
  return useSWR<Chat[]>(CHAT_LIST_KEY, fetchChats, { revalidateOnFocus: false });
}
