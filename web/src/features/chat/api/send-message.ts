import { realtimeCall, type Mensaje } from '@/lib/socket';

/** `chat:send {para, mensaje}` → the stored message (text of 1 to 100 characters). */
export async function sendChatMessage(para: number, mensaje: string): Promise<Mensaje> {
  const ack = await realtimeCall('chat:send', { para, mensaje });
  return ack.mensaje;
}
