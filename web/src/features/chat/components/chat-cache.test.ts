import { describe, expect, it } from 'vitest';
import type { Chat, Mensaje } from '@/lib/socket';
import {
  appendMessage,
  applyMessageToChats,
  applyReadToChats,
  clearUnread,
  flattenHistory,
  markHistoryRead,
  sortChats,
  totalUnread,
} from './chat-cache';

const ME = 5;

function msg(id: number, from: number, extra: Partial<Mensaje> = {}): Mensaje {
  return {
    id,
    chat_id: 3,
    empleado: { clave: from },
    para: from === ME ? 9 : ME,
    type: 'text',
    mensaje: `m${id}`,
    fecha: `2026-05-01T10:${String(id).padStart(2, '0')}:00Z`,
    estatus: 1,
    ...extra,
  };
}

function chat(id: number, partner: number, last: Mensaje | null, noLeidos = 0): Chat {
  return {
    id,
    empleado1: { clave: ME, nombre: 'Luis' },
    empleado2: { clave: partner, nombre: `P${partner}` },
    ultimo_mensaje: last && { empleado: last.empleado, mensaje: last.mensaje, type: last.type, fecha: last.fecha, estatus: last.estatus },
    no_leidos: noLeidos,
  };
}

describe('chat caches', () => {
  it('shows pages oldest first and appends new messages once', () => {
    const pages = [
      { mensajes: [msg(3, 9), msg(4, ME)], mas: true },
      { mensajes: [msg(1, 9), msg(2, ME)], mas: false },
    ];
    expect(flattenHistory(pages).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    const added = appendMessage(pages, msg(5, 9));
    expect(flattenHistory(added).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(flattenHistory(appendMessage(added, msg(5, 9))).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('marks one author’s messages read up to an id', () => {
    const pages = [{ mensajes: [msg(1, ME), msg(2, 9), msg(3, ME), msg(4, ME)], mas: false }];
    const read = markHistoryRead(pages, ME, 3);
    expect(read[0]?.mensajes.map((m) => m.estatus)).toEqual([2, 1, 2, 1]);
  });

  it('moves a conversation up with its new last message and counts unread', () => {
    const chats = [chat(4, 12, msg(9, 12)), chat(3, 9, msg(1, 9))];
    const next = applyMessageToChats(chats, msg(20, 9), { countUnread: true });
    expect(next?.map((c) => c.id)).toEqual([3, 4]);
    expect(next?.[0]).toMatchObject({ no_leidos: 1, ultimo_mensaje: { mensaje: 'm20' } });
    expect(applyMessageToChats(chats, { ...msg(21, 9), chat_id: 99 }, { countUnread: true })).toBeNull();
    expect(totalUnread(next ?? [])).toBe(1);
  });

  it('applies chat:read from either side', () => {
    const mineLast = [chat(3, 9, msg(2, ME), 0)];
    expect(applyReadToChats(mineLast, { chat_id: 3, lector: 9, hasta: 2 }, ME)[0]?.ultimo_mensaje?.estatus).toBe(2);
    const theirsLast = [chat(3, 9, msg(2, 9), 4)];
    const readHere = applyReadToChats(theirsLast, { chat_id: 3, lector: ME, hasta: 2 }, ME)[0];
    expect(readHere).toMatchObject({ no_leidos: 0, ultimo_mensaje: { estatus: 2 } });
  });

  it('clears the unread count of the opened conversation and sorts newest first', () => {
    const chats = [chat(3, 9, msg(1, 9), 2), chat(4, 12, msg(30, 12), 1)];
    expect(totalUnread(clearUnread(chats, 9, ME))).toBe(1);
    expect(sortChats(chats).map((c) => c.id)).toEqual([4, 3]);
  });
});
