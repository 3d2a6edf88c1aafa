import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { resetPushState } from '@/lib/push/web-push';
import { resetRealtime, setSocketFactory, startRealtime, type Notificacion } from '@/lib/socket';
import { mockFetch } from '@/test/fetch-mock';
import { fakeSocketFactory } from '@/test/fake-socket';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { NotificationBell } from './notification-bell';
import { NotificationModalHost } from './notification-modal';
import { closeNotification } from './notification-store';

const TOKEN = fakeJwt({ cve_empleado: 5, kind: 'sesion' });
const ME = { cve_empleado: 5, nombre_empleado: 'Luis', secciones: ['notificaciones'] };
const PENDING_URL = `${PRI}/notificaciones/web/5/pendientes`;

function notification(id: number, extra: Partial<Notificacion> = {}): Notificacion {
  return {
    idnotificacion: id,
    titulo: `Aviso ${id}`,
    contenido: `Contenido ${id}`,
    fecha_hora: `2026-05-0${Math.min(id, 9)}T10:00:00Z`,
    estatus: 1,
    meeting: null,
    recurso: null,
    tipo: null,
    ...extra,
  };
}

let sockets: ReturnType<typeof fakeSocketFactory>;

beforeAll(async () => {
  await setupI18n('notifications');
});

beforeEach(() => {
  resetRealtime();
  resetLogoutState();
  resetPushState();
  clearAlerts();
  closeNotification();
  sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
  setSession(TOKEN, ME);
});

afterEach(() => {
  resetRealtime();
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

function renderBell(seeAllPath: string | null = '/menu/notificaciones') {
  return renderWithProviders(
    <MemoryRouter>
      <NotificationBell user={ME} seeAllPath={seeAllPath} />
      <NotificationModalHost cve={5} reportPath={null} />
    </MemoryRouter>,
  );
}

function bellButton() {
  return screen.getByRole('button', { name: /^Notificaciones/ });
}

// Menu queries pass `hidden: true`: jsdom has no layout, so floating-ui reports the anchor as
// detached and Mantine hides the open dropdown with display:none.
describe('notification dropdown', () => {
  it('shows the unread count in the badge and lists at most 5', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => notification(7 - i));
    mockFetch({ [`GET ${PENDING_URL}`]: () => jsonResponse(seven) });
    const user = userEvent.setup();
    renderBell();
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notificaciones: 7 sin leer'));
    expect(within(screen.getByTestId('notification-badge')).getByText('7')).toBeInTheDocument();
    await user.click(bellButton());
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Aviso 7');
    expect(items[4]).toHaveTextContent('Aviso 3');
    expect(screen.getByText('y 2 más')).toBeInTheDocument();
    expect(await screen.findByRole('menuitem', { name: 'Ver todas', hidden: true })).toHaveAttribute('href', '/menu/notificaciones');
  });

  it('has no badge and says so when nothing is pending; "Ver todas" only with the screen', async () => {
    mockFetch({ [`GET ${PENDING_URL}`]: () => jsonResponse([]) });
    const user = userEvent.setup();
    renderBell(null);
    await user.click(await screen.findByRole('button', { name: 'Notificaciones' }));
    expect(await screen.findByText('No tienes notificaciones pendientes')).toBeInTheDocument();
    expect(screen.queryByText('Ver todas')).not.toBeInTheDocument();
    expect(screen.queryByTestId('notification-item')).not.toBeInTheDocument();
  });

  it('adds notification:new live (badge, list and toast) without reloading', async () => {
    const api = mockFetch({ [`GET ${PENDING_URL}`]: () => jsonResponse([notification(1)]) });
    startRealtime(TOKEN);
    sockets.last().acceptHandshake();
    const user = userEvent.setup();
    renderBell();
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notificaciones: 1 sin leer'));

    act(() => sockets.last().serverEmit('notification:new', notification(2, { titulo: 'Curso nuevo asignado' })));
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notificaciones: 2 sin leer'));
    expect(api.callsTo('GET', PENDING_URL)).toHaveLength(1);
    // The toast.
    expect(await screen.findByText('Curso nuevo asignado')).toBeInTheDocument();
    await user.click(bellButton());
    const items = await screen.findAllByTestId('notification-item');
    expect(items[0]).toHaveTextContent('Curso nuevo asignado');

    // The same notification twice is still one.
    act(() => sockets.last().serverEmit('notification:new', notification(2, { titulo: 'Curso nuevo asignado' })));
    expect(bellButton()).toHaveAccessibleName('Notificaciones: 2 sin leer');
  });

  it('opens the notification modal from the toast', async () => {
    mockFetch({
      [`GET ${PENDING_URL}`]: () => jsonResponse([]),
      [`GET ${PRI}/notificaciones/9`]: () => jsonResponse([notification(9, { titulo: 'Reunión de seguridad' })]),
      [`PUT ${PRI}/notificaciones/9/leida`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    startRealtime(TOKEN);
    sockets.last().acceptHandshake();
    const user = userEvent.setup();
    renderBell();
    await screen.findByRole('button', { name: 'Notificaciones' });
    act(() => sockets.last().serverEmit('notification:new', notification(9, { titulo: 'Reunión de seguridad' })));
    await user.click(await screen.findByText('Reunión de seguridad'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Reunión de seguridad');
  });

  it('refetches the count on notifications:changed (read in another tab)', async () => {
    let answer = [notification(1), notification(2)];
    const api = mockFetch({ [`GET ${PENDING_URL}`]: () => jsonResponse(answer) });
    startRealtime(TOKEN);
    sockets.last().acceptHandshake();
    renderBell();
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notificaciones: 2 sin leer'));
    answer = [notification(2)];
    act(() => sockets.last().serverEmit('notifications:changed', { pendientes: 1 }));
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notificaciones: 1 sin leer'));
    expect(api.callsTo('GET', PENDING_URL)).toHaveLength(2);
  });

  it('marks everything read', async () => {
    let answer = [notification(1), notification(2)];
    const api = mockFetch({
      [`GET ${PENDING_URL}`]: () => jsonResponse(answer),
      [`PUT ${PRI}/notificaciones/leidas`]: () => {
        answer = [];
        return jsonResponse({ resp: 'Excelente' });
      },
    });
    const user = userEvent.setup();
    renderBell();
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notificaciones: 2 sin leer'));
    await user.click(bellButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Marcar todas como leídas', hidden: true }));
    await waitFor(() => expect(bellButton()).toHaveAccessibleName('Notificaciones'));
    expect(api.callsTo('PUT', `${PRI}/notificaciones/leidas`)).toHaveLength(1);
  });

  it("offers 'Activar notificaciones' and asks for permission only on click", async () => {
    const requestPermission = vi.fn(async () => 'denied' as NotificationPermission);
    vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'default', requestPermission }));
    vi.stubGlobal('PushManager', function PushManager() {});
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register: vi.fn() } });
    try {
      resetPushState();
      mockFetch({ [`GET ${PENDING_URL}`]: () => jsonResponse([]) });
      const user = userEvent.setup();
      renderBell();
      expect(requestPermission).not.toHaveBeenCalled();
      await user.click(await screen.findByRole('button', { name: 'Notificaciones' }));
      const item = await screen.findByRole('menuitem', { name: 'Activar notificaciones', hidden: true });
      // The answer to the permission prompt arrives after the click: let it land inside act.
      await act(async () => {
        fireEvent.click(item);
        await new Promise((r) => setTimeout(r, 0));
      });
      expect(
        await screen.findByText('Porfavor acepta recibir notificaciones para un mejor funcionamiento'),
      ).toBeInTheDocument();
      expect(requestPermission).toHaveBeenCalledTimes(1);
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });
});
