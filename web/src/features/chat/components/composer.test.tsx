import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { resetRealtime, setSocketFactory, startRealtime, type Mensaje } from '@/lib/socket';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeSocketFactory } from '@/test/fake-socket';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { Composer } from './composer';

const TOKEN = fakeJwt({ cve_empleado: 5, kind: 'sesion' });

function sent(id: number, mensaje: string): Mensaje {
  return { id, chat_id: 3, empleado: { clave: 5 }, para: 9, type: 'text', mensaje, fecha: '2026-05-01T10:00:00Z', estatus: 1 };
}

function image(name: string, type: string, size = 2048): File {
  const f = new File(['img'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

let sockets: ReturnType<typeof fakeSocketFactory>;

beforeAll(async () => {
  await setupI18n('chat');
});

beforeEach(() => {
  resetRealtime();
  resetLogoutState();
  sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
  setSession(TOKEN, { cve_empleado: 5, nombre_empleado: 'Luis' });
  startRealtime(TOKEN);
  sockets.last().acceptHandshake();
});

afterEach(() => {
  resetRealtime();
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

function renderComposer() {
  const onSent = vi.fn();
  renderWithProviders(<Composer para={9} onSent={onSent} />);
  return { onSent, input: screen.getByRole('textbox', { name: 'Mensaje' }), send: screen.getByRole('button', { name: 'Enviar mensaje' }) };
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('chat composer', () => {
  it('cannot send an empty message', async () => {
    const user = userEvent.setup();
    const { input, send } = renderComposer();
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByText('El mensaje no puede estar vacío')).toBeInTheDocument();
    expect(sockets.last().callsTo('chat:send')).toHaveLength(0);
  });

  it('stops at 100 characters and shows the counter', async () => {
    const user = userEvent.setup();
    const { input } = renderComposer();
    expect(screen.getByText('0/100')).toBeInTheDocument();
    await user.type(input, 'hola');
    expect(screen.getByText('4/100')).toBeInTheDocument();
    await user.clear(input);
    await user.click(input);
    await user.paste('x'.repeat(130));
    expect(input).toHaveValue('x'.repeat(100));
    expect(screen.getByText('100/100')).toBeInTheDocument();
  });

  it('sends with chat:send and clears the box', async () => {
    sockets.last().replies.set('chat:send', (p: unknown) => ({ ok: true, mensaje: sent(70, (p as { mensaje: string }).mensaje) }));
    const user = userEvent.setup();
    const { input, onSent } = renderComposer();
    await user.type(input, '  ¿Vienes al curso?  {Enter}');
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ id: 70, mensaje: '¿Vienes al curso?' })));
    expect(sockets.last().callsTo('chat:send')[0]?.payload).toEqual({ para: 9, mensaje: '¿Vienes al curso?' });
    expect(input).toHaveValue('');
  });

  it("shows the server's reason when chat:send fails", async () => {
    sockets.last().replies.set('chat:send', { ok: false, error: { code: 'chat.destinatario', resp: 'El destinatario no existe' } });
    const user = userEvent.setup();
    const { input, onSent } = renderComposer();
    await user.type(input, 'hola{Enter}');
    expect(await screen.findByText('El destinatario no existe')).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
    expect(input).toHaveValue('hola');
  });

  it('refuses images that are not png or jpeg, without uploading', async () => {
    const api = mockFetch({});
    const user = userEvent.setup({ applyAccept: false });
    renderComposer();
    expect(fileInput()).toHaveAttribute('accept', 'image/png,image/jpeg');
    await user.upload(fileInput(), image('animacion.gif', 'image/gif'));
    expect(await screen.findByText('Solo se pueden enviar imágenes png o jpeg')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses images over 8 MB, without uploading', async () => {
    const api = mockFetch({});
    const user = userEvent.setup();
    renderComposer();
    await user.upload(fileInput(), image('grande.png', 'image/png', 8 * 1024 * 1024 + 1));
    expect(await screen.findByText('La imagen debe pesar menos de 8 MB')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('uploads a png as multipart file + cve_empleado', async () => {
    let body: FormData | null = null;
    mockFetch({
      [`POST ${PRI}/chat/imagenes`]: (call: RecordedCall) => {
        body = call.body as FormData;
        return jsonResponse({ resp: 'Excelente', mensaje: { ...sent(71, ''), type: 'img', url: '/api/pub/chat/archivos/71?firma=x' } });
      },
    });
    const user = userEvent.setup();
    const { onSent } = renderComposer();
    await user.upload(fileInput(), image('foto.png', 'image/png'));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ id: 71, type: 'img' })));
    const form = body as unknown as FormData;
    expect((form.get('file') as File).name).toBe('foto.png');
    expect(form.get('cve_empleado')).toBe('9');
  });

  it("says 'Problemas para subir la imagen' when the upload fails", async () => {
    mockFetch({ [`POST ${PRI}/chat/imagenes`]: () => jsonResponse({ code: 'http.tipo_no_soportado', resp: 'x' }, 415) });
    const user = userEvent.setup();
    const { onSent } = renderComposer();
    await user.upload(fileInput(), image('foto.jpg', 'image/jpeg'));
    expect(await screen.findByText('Problemas para subir la imagen')).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
  });
});
