import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportJob } from '@/components/export-jobs/test-fixtures';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import type { ExportJob } from '@/lib/api/shared/export-jobs';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { resetRealtime, setSocketFactory, startRealtime } from '@/lib/socket';
import { fakeSocketFactory } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { MyExportsScreen } from './my-exports-screen';

const JOBS = `${PRI}/reportes/exportaciones`;
const TOKEN = fakeJwt({ cve_empleado: 2, kind: 'sesion' });

const running = exportJob({ id_exportacion: 9, nombre: 'Reporte masivo · Vencidos', formato: 'csv', filas: 500, total: 20_000 });
const done = exportJob({
  id_exportacion: 8,
  nombre: 'Reporte masivo',
  estado: 'terminada',
  filas: 12_000,
  total: 12_000,
  terminado: '2026-03-02T16:05:00Z',
  expira: '2026-03-09T16:05:00Z',
  bytes: 1_572_864,
});
const failed = exportJob({ id_exportacion: 7, nombre: 'Reporte del año', estado: 'fallida', filas: 300, error: 'Se agotó el espacio para archivos' });

function serve(list: () => ExportJob[] | Response) {
  return mockFetch({
    [`GET ${JOBS}`]: () => {
      const answer = list();
      return answer instanceof Response ? answer : jsonResponse(answer);
    },
    [`GET ${JOBS}/8/archivo`]: () =>
      new Response('PK', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="reporte_masivo_8.xlsx"' } }),
  });
}

function renderScreen(pollMs = 60_000) {
  renderWithProviders(
    <MemoryRouter initialEntries={['/menu/mis_exportaciones']}>
      <PageChromeProvider>
        <MyExportsScreen pollMs={pollMs} />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

const card = (name: string) => screen.getByRole('listitem', { name });

let sockets: ReturnType<typeof fakeSocketFactory>;
let downloads: string[] = [];

beforeAll(async () => {
  await setupI18n('reports');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  resetRealtime();
  sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
  setSession(TOKEN, { cve_empleado: 2, nombre_empleado: 'Analista', idperfil: 2, secciones: ['reportes.masivo', 'reportes.exportaciones'] });
  downloads = [];
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:descarga'), configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  resetRealtime();
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

describe('Mis exportaciones', () => {
  it('lists my exports with their format, state, bar, dates and size', async () => {
    serve(() => [running, done, failed]);
    renderScreen();
    expect(screen.getByRole('status', { name: 'Cargando tus exportaciones…' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Exportaciones' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    const first = card('Reporte masivo · Vencidos');
    expect(within(first).getByTestId('export-format')).toHaveTextContent('CSV (.csv)');
    expect(within(first).getByTestId('export-state')).toHaveTextContent('Procesando');
    const bar = within(first).getByRole('progressbar', { name: 'Avance de Reporte masivo · Vencidos' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuenow', '500');
    expect(bar).toHaveAttribute('aria-valuemax', '20000');
    expect(within(first).getByText('Exportando… 500 de 20,000 filas')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Descargar/ })).not.toBeInTheDocument();

    const second = card('Reporte masivo');
    expect(within(second).getByTestId('export-state')).toHaveTextContent('Terminada');
    expect(within(second).getByText('Lista: 12,000 filas')).toBeInTheDocument();
    expect(within(second).getByTestId('export-created')).toHaveTextContent(/02\/03\/2026/);
    expect(within(second).getByTestId('export-expires')).toHaveTextContent(/09\/03\/2026/);
    expect(within(second).getByTestId('export-size')).toHaveTextContent('1.5 MB');

    const third = card('Reporte del año');
    expect(within(third).getByTestId('export-state')).toHaveTextContent('Fallida');
    expect(within(third).getByText('Se agotó el espacio para archivos')).toBeInTheDocument();
    expect(within(third).getByText('No se pudo generar el archivo')).toBeInTheDocument();
  });

  it('downloads a finished export with the session’s token, under the server’s name', async () => {
    const api = serve(() => [done]);
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar Reporte masivo' }));
    await waitFor(() => expect(downloads).toEqual(['reporte_masivo_8.xlsx']));
    expect(api.callsTo('GET', `${JOBS}/8/archivo`)[0]?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('moves a job’s bar from the socket’s events, and offers its file when it ends', async () => {
    const api = serve(() => [running, done]);
    startRealtime(TOKEN);
    act(() => sockets.last().acceptHandshake());
    renderScreen();
    await screen.findByRole('list', { name: 'Exportaciones' });
    act(() => sockets.last().serverEmit('reporte:progreso', { ...running, filas: 15_000 }));
    expect(await within(card('Reporte masivo · Vencidos')).findByText('Exportando… 15,000 de 20,000 filas')).toBeInTheDocument();
    act(() => sockets.last().serverEmit('reporte:progreso', { ...running, filas: 10_000 }));
    act(() =>
      sockets.last().serverEmit('reporte:progreso', { ...running, estado: 'terminada', filas: 20_000, terminado: '2026-03-02T16:10:00Z', bytes: 2048 }),
    );
    const now = card('Reporte masivo · Vencidos');
    expect(await within(now).findByRole('button', { name: 'Descargar Reporte masivo · Vencidos' })).toBeInTheDocument();
    expect(within(now).getByTestId('export-state')).toHaveTextContent('Terminada');
    expect(within(now).getByTestId('export-size')).toHaveTextContent('2 kB');
    // The socket told everything: the list was asked for once.
    expect(api.callsTo('GET', JOBS)).toHaveLength(1);
  });

  it('asks for the list again when the socket tells of an export it does not have', async () => {
    let list = [done];
    const api = serve(() => list);
    startRealtime(TOKEN);
    act(() => sockets.last().acceptHandshake());
    renderScreen();
    await screen.findByRole('list', { name: 'Exportaciones' });
    list = [running, done];
    act(() => sockets.last().serverEmit('reporte:progreso', running));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(api.callsTo('GET', JOBS)).toHaveLength(2);
  });

  it('polls every few seconds while an export runs and the socket is quiet, and stops when none runs', async () => {
    let list: ExportJob[] = [exportJob({ id_exportacion: 9, estado: 'pendiente', total: null })];
    const api = serve(() => list);
    renderScreen(40);
    expect(await screen.findByText('En espera de iniciar…')).toBeInTheDocument();
    list = [exportJob({ id_exportacion: 9, filas: 1000, total: 2000 })];
    expect(await screen.findByText('Exportando… 1,000 de 2,000 filas')).toBeInTheDocument();
    list = [exportJob({ id_exportacion: 9, estado: 'terminada', filas: 2000, total: 2000 })];
    expect(await screen.findByText('Lista: 2,000 filas')).toBeInTheDocument();
    const asked = api.callsTo('GET', JOBS).length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(api.callsTo('GET', JOBS)).toHaveLength(asked);
  });

  it('says when there are no exports yet, and offers the mass report', async () => {
    serve(() => []);
    renderScreen();
    expect(await screen.findByText('Aún no tienes exportaciones')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al reporte masivo' })).toHaveAttribute('href', '/menu/reporte_masivo');
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    serve(() => (fail ? jsonResponse({ code: 'http.interno', resp: 'Error del servidor' }, 500) : [done]));
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron consultar tus exportaciones');
    expect(alert).toHaveTextContent('Error del servidor');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('listitem', { name: 'Reporte masivo' })).toBeInTheDocument();
  });
});
