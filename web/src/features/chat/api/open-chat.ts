import { realtimeCall } from '@/lib/socket';

/** `chat:open {con}`: marks the other person's unread messages read (they get `chat:read`). */
export async function openChat(con: number): Promise<number> {
  const ack = await realtimeCall('chat:open', { con });
  return Number(ack.leidos) || 0;
}
