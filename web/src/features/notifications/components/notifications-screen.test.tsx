import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { NotificationModalHost } from './notification-modal';
import { closeNotification } from './notification-store';
import { resolveColumns } from '../api/notifications-table';
import { NotificationsScreen } from './notifications-screen';

const ROWS = [
  { idnotificacion: 7, fecha_hora: '2026-05-02T15:00:00Z', titulo: 'Curso de alturas', origen: 'Sistema', estatus: 1, contenido: 'Inicia el lunes' },
  { idnotificacion: 6, fecha_hora: '2026-04-28T09:00:00Z', titulo: 'Encuesta', origen: 'RH', estatus: 2, contenido: 'Gracias' },
];

function serve() {
  return mockFetch({
    [`POST ${PRI}/notificaciones/tabla`]: () =>
      jsonResponse({
        result: ROWS,
        pages: { pages: 1, ultima_page: 1, cantidad_registros: 2 },
        // As today's server answers it.
        columns_with_selects: [
          { column: 'Folio', nomfield: 'idnotificacion', tipo: 'none', ordenable: true },
          { column: 'Fecha', nomfield: 'fecha_hora', tipo: 'none', ordenable: true },
          { column: 'Título', nomfield: 'titulo', tipo: 'text', ordenable: true },
          { column: 'Contenido', nomfield: 'contenido', tipo: 'text', ordenable: false },
          { column: 'Tipo', nomfield: 'tipo', tipo: 'text', ordenable: true },
          { column: 'Origen', nomfield: 'origen', tipo: 'text', ordenable: true },
          {
            column: 'Estatus',
            nomfield: 'estatus',
            tipo: 'select',
            ordenable: true,
            options: [
              { value: '1', label: 'No leída' },
              { value: '2', label: 'Leída' },
            ],
          },
        ],
      }),
    [`GET ${PRI}/notificaciones/7`]: () => jsonResponse([ROWS[0]]),
    [`PUT ${PRI}/notificaciones/7/leida`]: () => jsonResponse({ resp: 'Excelente' }),
    [`GET ${PRI}/notificaciones/web/5/pendientes`]: () => jsonResponse([]),
  });
}

function renderScreen(path = '/menu/notificaciones') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <PageChromeProvider>
        <NotificationsScreen />
        <NotificationModalHost cve={5} reportPath={null} />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupI18n('notifications');
});

beforeEach(() => {
  resetLogoutState();
  clearAlerts();
  closeNotification();
  setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion' }), { cve_empleado: 5, nombre_empleado: 'Luis', secciones: ['notificaciones'] });
});

afterEach(() => {
  act(() => closeNotification());
  vi.unstubAllGlobals();
});

describe('Mis notificaciones', () => {
  it('takes the columns the engine lists', () => {
    expect(resolveColumns(null).map((c) => c.field)).toEqual(['fecha_hora', 'titulo', 'origen', 'estatus']);
    const meta = ['fecha', 'titulo', 'estatus'].map((nomfield) => ({ column: nomfield, nomfield, tipo: 'none' as const, ordenable: true }));
    expect(resolveColumns(meta)).toEqual([
      { key: 'fecha', field: 'fecha' },
      { key: 'titulo', field: 'titulo' },
      { key: 'estatus', field: 'estatus' },
    ]);
  });

  it('shows fecha, título, origen and estatus as the engine names them, newest first', async () => {
    const api = serve();
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Mis notificaciones' });
    expect(await within(table).findByText('Curso de alturas')).toBeInTheDocument();
    expect(within(table).getAllByText('No leída').length).toBeGreaterThan(0);
    const headers = [...(table.querySelector('thead tr')?.querySelectorAll('th') ?? [])].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['#', 'Fecha', 'Título', 'Origen', 'Estatus']);
    expect(within(table).getByText(/^02\/05\/2026/)).toBeInTheDocument();
    const body = (api.callsTo('POST', `${PRI}/notificaciones/tabla`)[0] as RecordedCall).body as { order: string; ordertype: string };
    expect(body).toMatchObject({ order: 'fecha_hora', ordertype: 'desc' });
  });

  it('opens a notification from its row', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByText('Curso de alturas'));
    expect(await screen.findByRole('dialog', { name: 'Curso de alturas' })).toHaveTextContent('Inicia el lunes');
  });

  it('opens the notification named by ?id= (the address of a push)', async () => {
    const api = serve();
    renderScreen('/menu/notificaciones?id=7');
    expect(await screen.findByRole('dialog', { name: 'Curso de alturas' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', `${PRI}/notificaciones/7/leida`)).toHaveLength(1));
  });
});
