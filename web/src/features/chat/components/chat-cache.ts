// Pure edits of the chat caches, applied by events and by our own sends.
import type { Chat, ChatPerson, Mensaje, ServerEvents } from '@/lib/socket';
import type { HistoryPage } from '../api/chat-history';

/** The other participant of a conversation. */
export function partnerOf(chat: Chat, me: number): ChatPerson {
  return Number(chat.empleado1.clave) === me ? chat.empleado2 : chat.empleado1;
}

/** The other participant of a message. */
export function messagePartner(message: Mensaje, me: number): number {
  return Number(message.empleado.clave) === me ? Number(message.para) : Number(message.empleado.clave);
}

/** True when I wrote it. */
export function isMine(message: Pick<Mensaje, 'empleado'>, me: number): boolean {
  return Number(message.empleado.clave) === me;
}

/** Adds a message to the newest page (or updates it when already there). */
export function appendMessage(pages: readonly HistoryPage[], message: Mensaje): HistoryPage[] {
  if (pages.some((p) => p.mensajes.some((m) => m.id === message.id))) {
    return pages.map((p) => ({ ...p, mensajes: p.mensajes.map((m) => (m.id === message.id ? { ...m, ...message } : m)) }));
  }
  const [newest, ...older] = pages;
  if (!newest) return [{ mensajes: [message], mas: false }];
  return [{ ...newest, mensajes: [...newest.mensajes, message] }, ...older];
}

/** `chat:read`: every message of `author` up to id `hasta` is now read (estatus 2). */
export function markHistoryRead(pages: readonly HistoryPage[], author: number, hasta: number): HistoryPage[] {
  return pages.map((p) => ({
    ...p,
    mensajes: p.mensajes.map((m) =>
      Number(m.empleado.clave) === author && m.id <= hasta && m.estatus !== 2 ? { ...m, estatus: 2 as const } : m,
    ),
  }));
}

/** Messages to show, oldest first, once each. */
export function flattenHistory(pages: readonly HistoryPage[] | undefined): Mensaje[] {
  if (!pages) return [];
  const seen = new Set<number>();
  const out: Mensaje[] = [];
  for (const page of [...pages].reverse()) {
    for (const m of page.mensajes) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}

function chatTime(chat: Chat): number {
  const time = chat.ultimo_mensaje ? Date.parse(chat.ultimo_mensaje.fecha) : NaN;
  return Number.isNaN(time) ? 0 : time;
}

/** Newest conversation first. */
export function sortChats(chats: readonly Chat[]): Chat[] {
  return [...chats].sort((a, b) => chatTime(b) - chatTime(a));
}

/**
 * A message moves its conversation to the top with it as the last message; an incoming one
 * I am not looking at counts as unread. Null when the conversation is not in the list.
 */
export function applyMessageToChats(
  chats: readonly Chat[],
  message: Mensaje,
  options: { countUnread: boolean },
): Chat[] | null {
  const index = chats.findIndex((c) => c.id === message.chat_id);
  const chat = chats[index];
  if (!chat) return null;
  const latest = chat.ultimo_mensaje ? Date.parse(chat.ultimo_mensaje.fecha) : 0;
  const isNewer = !chat.ultimo_mensaje || Date.parse(message.fecha) >= latest;
  const updated: Chat = {
    ...chat,
    ultimo_mensaje: isNewer
      ? { empleado: message.empleado, mensaje: message.mensaje, type: message.type, fecha: message.fecha, estatus: message.estatus }
      : chat.ultimo_mensaje,
    no_leidos: (chat.no_leidos || 0) + (options.countUnread ? 1 : 0),
  };
  return sortChats([updated, ...chats.filter((_, i) => i !== index)]);
}

/** `chat:read`: who read up to where, as the list shows it. */
export function applyReadToChats(chats: readonly Chat[], read: ServerEvents['chat:read'], me: number): Chat[] {
  return chats.map((chat) => {
    if (chat.id !== read.chat_id) return chat;
    const last = chat.ultimo_mensaje;
    const readByMe = Number(read.lector) === me;
    // The last message flips to read when its author is the other one than the reader.
    const lastRead = last && Number(last.empleado.clave) !== Number(read.lector) ? { ...last, estatus: 2 as const } : last;
    return { ...chat, ultimo_mensaje: lastRead, no_leidos: readByMe ? 0 : chat.no_leidos };
  });
}

/** Opening a conversation reads it. */
export function clearUnread(chats: readonly Chat[], partner: number, me: number): Chat[] {
  return chats.map((chat) => {
    if (Number(partnerOf(chat, me).clave) !== partner) return chat;
    const last = chat.ultimo_mensaje;
    const lastRead = last && Number(last.empleado.clave) === partner ? { ...last, estatus: 2 as const } : last;
    return { ...chat, no_leidos: 0, ultimo_mensaje: lastRead };
  });
}

/** The floating button's badge. */
export function totalUnread(chats: readonly Chat[] | undefined): number {
  return (chats ?? []).reduce((sum, c) => sum + (Number(c.no_leidos) || 0), 0);
}
