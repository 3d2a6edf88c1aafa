import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import { realtimeCall, type Mensaje } from '@/lib/socket';

/** One page of history: oldest → newest, at most 50, `mas` when older ones exist. */
export interface HistoryPage {
  mensajes: Mensaje[];
  mas: boolean;
}

export type HistoryKey = readonly ['chat:history', number, number | null];

/** Page 0 is the newest 50; page n+1 holds the messages before page n's first one. */
export function historyKeyGetter(con: number) {
  return (index: number, previous: HistoryPage | null): HistoryKey | null => {
    if (index === 0) return ['chat:history', con, null];
    const oldest = previous?.mensajes[0]?.id;
    if (!previous?.mas || oldest === undefined) return null;
    return ['chat:history', con, oldest];
  };
}

/** The cache key of a conversation's whole history (for `mutate` from events). */
export function historyCacheKey(con: number): string {
  return unstable_serialize(historyKeyGetter(con));
}

/** `chat:history {con, antes?}`. */
export async function fetchHistory([, con, antes]: HistoryKey): Promise<HistoryPage> {
  const ack = await realtimeCall('chat:history', antes === null ? { con } : { con, antes });
  return { mensajes: Array.isArray(ack.mensajes) ? ack.mensajes : [], mas: !!ack.mas };
}

/** A conversation's history, newest page first; `setSize(size + 1)` loads older messages. */
export function useChatHistory(con: number) {
  return useSWRInfinite<HistoryPage, unknown>(historyKeyGetter(con), fetchHistory, {
    revalidateFirstPage: false,
    revalidateOnFocus: false,
  });
}
