import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { resetRealtime, setSocketFactory, startRealtime, type Chat, type Mensaje } from '@/lib/socket';
import { mockFetch } from '@/test/fetch-mock';
import type { FakeSocket} from '@/test/fake-socket';
import { fakeSocketFactory } from '@/test/fake-socket';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { ChatLauncher } from './chat-launcher';

const TOKEN = fakeJwt({ cve_empleado: 5, kind: 'sesion' });
const ME = 5;
const SEARCH_URL = `${PRI}/plan_capacitacion/simulador_puesto/autocomplete/empleados`;

function msg(id: number, from: number, extra: Partial<Mensaje> = {}): Mensaje {
  const partner = from === ME ? 9 : from;
  return {
    id,
    chat_id: partner === 9 ? 3 : 4,
    empleado: { clave: from },
    para: from === ME ? partner : ME,
    type: 'text',
    mensaje: `mensaje ${id}`,
    fecha: `2026-05-01T10:${String(id % 60).padStart(2, '0')}:00Z`,
    estatus: 1,
    ...extra,
  };
}

const CHATS: Chat[] = [
  {
    id: 3,
    empleado1: { clave: 9, nombre: 'Marta Ruiz', foto: null },
    empleado2: { clave: ME, nombre: 'Luis', foto: null },
    ultimo_mensaje: { empleado: { clave: 9 }, mensaje: '¿Ya viste el curso?', type: 'text', fecha: '2026-05-01T10:12:00Z', estatus: 1 },
    no_leidos: 2,
    ultima_conexion: '2026-05-01T09:00:00Z',
  },
  {
    id: 4,
    empleado1: { clave: ME, nombre: 'Luis', foto: null },
    empleado2: { clave: 12, nombre: 'Pedro Soto', foto: null },
    ultimo_mensaje: { empleado: { clave: ME }, mensaje: 'Listo', type: 'text', fecha: '2026-04-30T08:00:00Z', estatus: 2 },
    no_leidos: 0,
    ultima_conexion: null,
  },
];

let socket: FakeSocket;

beforeAll(async () => {
  await setupI18n('chat');
});

beforeEach(() => {
  resetRealtime();
  resetLogoutState();
  const sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
  setSession(TOKEN, { cve_empleado: ME, nombre_empleado: 'Luis', secciones: ['barra.chat'] });
  startRealtime(TOKEN);
  socket = sockets.last();
  socket.acceptHandshake();
  socket.replies.set('chat:list', () => ({ ok: true, chats: structuredClone(CHATS) }));
  socket.replies.set('presence:get', (p: unknown) => ({
    ok: true,
    presencia: (p as { claves: number[] }).claves.map((clave) =>
      clave === 9
        ? { clave, nombre: 'Marta Ruiz', state: 'online', last_changed: '2026-05-01T10:00:00Z' }
        : { clave, nombre: 'Pedro Soto', state: 'offline', last_changed: '2026-04-30T18:45:00Z' },
    ),
  }));
  socket.replies.set('chat:open', { ok: true, leidos: 2 });
  socket.replies.set('chat:history', (p: unknown) => {
    const { antes } = p as { con: number; antes?: number };
    if (antes) return { ok: true, mensajes: [msg(1, 9), msg(2, ME)], mas: false };
    return { ok: true, mensajes: [msg(10, 9), msg(11, ME), msg(12, 9)], mas: true };
  });
});

afterEach(() => {
  resetRealtime();
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

function launcher() {
  return screen.getByTestId('chat-launcher');
}

async function openMarta(user: ReturnType<typeof userEvent.setup>) {
  await user.click(launcher());
  const panel = await screen.findByRole('dialog', { name: 'Chat' });
  await user.click(await within(panel).findByRole('button', { name: 'Abrir conversación con Marta Ruiz, 2 mensajes sin leer' }));
  return within(panel);
}

describe('floating chat', () => {
  it('shows the unread count on the button from chat:list', async () => {
    renderWithProviders(<ChatLauncher user={{ cve_empleado: ME }} />);
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Abrir chat: 2 mensajes sin leer'));
    expect(within(screen.getByTestId('chat-badge')).getByText('2')).toBeInTheDocument();
    expect(socket.callsTo('chat:list')[0]?.payload).toBeUndefined();
  });

  it('lists conversations with the last message, unread state and presence', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChatLauncher user={{ cve_empleado: ME }} />);
    await user.click(launcher());
    const panel = within(await screen.findByRole('dialog', { name: 'Chat' }));
    const marta = await panel.findByRole('button', { name: 'Abrir conversación con Marta Ruiz, 2 mensajes sin leer' });
    // The name's button covers its row; the row holds the last message and the avatar.
    expect(marta.closest('li')).toHaveTextContent('¿Ya viste el curso?');
    const pedro = panel.getByRole('button', { name: 'Abrir conversación con Pedro Soto' });
    expect(pedro.closest('li')).toHaveTextContent('Tú: Listo');
    await waitFor(() => expect(marta.closest('li')?.querySelector('[data-presence]')).toHaveAttribute('data-presence', 'online'));
    expect(pedro.closest('li')?.querySelector('[data-presence]')).toHaveAttribute('data-presence', 'offline');
    expect(socket.callsTo('presence:get')[0]?.payload).toEqual({ claves: [9, 12] });
  });

  it('opens a conversation: chat:open, history, presence, ticks updated live by chat:read', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChatLauncher user={{ cve_empleado: ME }} />);
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Abrir chat: 2 mensajes sin leer'));
    const panel = await openMarta(user);

    // The conversation's code loads when first opened.
    await waitFor(() => expect(socket.callsTo('chat:open')[0]?.payload).toEqual({ con: 9 }));
    expect(socket.callsTo('chat:history')[0]?.payload).toEqual({ con: 9 });
    await waitFor(() => expect(panel.getAllByTestId('chat-message')).toHaveLength(3));
    // Opening read it: the badge goes.
    expect(launcher()).toHaveAccessibleName('Cerrar chat');
    expect(await panel.findByText('En línea')).toBeInTheDocument();
    expect(panel.getByRole('img', { name: 'Enviado' })).toBeInTheDocument();

    act(() => socket.serverEmit('chat:read', { chat_id: 3, lector: 9, hasta: 11, fecha: '2026-05-01T10:20:00Z' }));
    expect(await panel.findByRole('img', { name: 'Leído' })).toBeInTheDocument();
    expect(panel.queryByRole('img', { name: 'Enviado' })).not.toBeInTheDocument();

    act(() => socket.serverEmit('presence:changed', { clave: 9, nombre: 'Marta Ruiz', state: 'offline', last_changed: '2026-05-01T10:30:00Z' }));
    expect(await panel.findByText(/^Última conexión: /)).toBeInTheDocument();
  });

  it('appends incoming messages of the open conversation and reads them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChatLauncher user={{ cve_empleado: ME }} />);
    const panel = await openMarta(user);
    await waitFor(() => expect(panel.getAllByTestId('chat-message')).toHaveLength(3));
    act(() => socket.serverEmit('chat:message', msg(13, 9, { mensaje: 'Te veo en la sala 3' })));
    expect(await panel.findByText('Te veo en la sala 3')).toBeInTheDocument();
    await waitFor(() => expect(socket.callsTo('chat:open')).toHaveLength(2));
    expect(launcher()).toHaveAccessibleName('Cerrar chat');
  });

  it('sends a message and shows it once even when chat:message echoes it', async () => {
    socket.replies.set('chat:send', (p: unknown) => ({ ok: true, mensaje: msg(40, ME, { mensaje: (p as { mensaje: string }).mensaje }) }));
    const user = userEvent.setup();
    renderWithProviders(<ChatLauncher user={{ cve_empleado: ME }} />);
    const panel = await openMarta(user);
    await waitFor(() => expect(panel.getAllByTestId('chat-message')).toHaveLength(3));
    await user.type(panel.getByRole('textbox', { name: 'Mensaje' }), 'Sí, mañana{Enter}');
    expect(await panel.findByText('Sí, mañana')).toBeInTheDocument();
    act(() => socket.serverEmit('chat:message', msg(40, ME, { mensaje: 'Sí, mañana' })));
    expect(panel.getAllByText('Sí, mañana')).toHaveLength(1);
    expect(socket.callsTo('chat:send')[0]?.payload).toEqual({ para: 9, mensaje: 'Sí, mañana' });
  });

  it('loads older messages from the top of the history', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChatLauncher user={{ cve_empleado: ME }} />);
    const panel = await openMarta(user);
    await waitFor(() => expect(panel.getAllByTestId('chat-message')).toHaveLength(3));
    await user.click(panel.getByRole('button', { name: 'Ver mensajes anteriores' }));
    await waitFor(() => expect(panel.getAllByTestId('chat-message')).toHaveLength(5));
    expect(socket.callsTo('chat:history')[1]?.payload).toEqual({ con: 9, antes: 10 });
    expect(panel.getAllByTestId('chat-message')[0]).toHaveTextContent('mensaje 1');
    expect(panel.queryByRole('button', { name: 'Ver mensajes anteriores' })).not.toBeInTheDocument();
  });

  it('counts a message from someone else while I look elsewhere, and toasts it', async () => {
    renderWithProviders(<ChatLauncher user={{ cve_empleado: ME }} />);
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Abrir chat: 2 mensajes sin leer'));
    act(() => socket.serverEmit('chat:message', msg(50, 12, { mensaje: '¿Comemos?' })));
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Abrir chat: 3 mensajes sin leer'));
    expect(await screen.findByText('Nuevo mensaje de Pedro Soto')).toBeInTheDocument();
    expect(socket.callsTo('chat:open')).toHaveLength(0);
  });

  it('searches people from 4 characters and says when there is no one', async () => {
    const api = mockFetch({
      [`GET ${SEARCH_URL}`]: (call) => {
        const q = new URL(call.url, 'http://x').searchParams.get('q');
        return jsonResponse(q === 'Zzzz' ? [] : [{ cve_empleado: 20, nombre_empleado: 'Marisol Díaz', foto_empleado: null }]);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ChatLauncher user={{ cve_empleado: ME }} />);
    await user.click(launcher());
    const panel = within(await screen.findByRole('dialog', { name: 'Chat' }));
    const box = panel.getByRole('textbox', { name: 'Buscar persona' });
    await user.type(box, 'Mar');
    expect(panel.getByText('Escribe al menos 4 caracteres para buscar')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 350)));
    expect(api.calls).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'Zzzz');
    expect(await panel.findByText('No hay resultados')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'Mari');
    await user.click(await panel.findByRole('button', { name: /Marisol Díaz/ }));
    expect(await panel.findByText('Marisol Díaz')).toBeInTheDocument();
    await waitFor(() => expect(socket.callsTo('chat:history').at(-1)?.payload).toEqual({ con: 20 }));
    expect(api.callsTo('GET', SEARCH_URL).map((c) => new URL(c.url, 'http://x').searchParams.get('q'))).toEqual(['Zzzz', 'Mari']);
  });
});
