import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { resetRealtime, setSocketFactory, startRealtime } from '@/lib/socket';
import { fakeSocketFactory } from '@/test/fake-socket';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { ExportJobPanel } from './export-job-panel';
import { fileSize } from './file-size';
import { furthest, isExportJob, jobPercent, withJob } from './job-state';
import { exportJob } from './test-fixtures';
import { useBackgroundExport } from './use-background-export';

const JOBS = `${PRI}/reportes/exportaciones`;
const TOKEN = fakeJwt({ cve_empleado: 1, kind: 'sesion' });

let sockets: ReturnType<typeof fakeSocketFactory>;
let downloads: string[] = [];

function connectSocket() {
  startRealtime(TOKEN);
  act(() => sockets.last().acceptHandshake());
}

const progress = () => screen.getByRole('progressbar', { name: 'Avance de Reporte masivo' });

beforeAll(async () => {
  await setupI18n();
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  resetRealtime();
  sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
  setSession(TOKEN, { cve_empleado: 1, nombre_empleado: 'Analista', idperfil: 2, secciones: ['reportes.masivo', 'reportes.exportaciones'] });
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

describe('export job rules', () => {
  it('takes a report only when it is an export’s', () => {
    expect(isExportJob(exportJob())).toBe(true);
    expect(isExportJob({ id_exportacion: 7, estado: 'lista', filas: 1 })).toBe(false);
    expect(isExportJob({ id_carga: 7 })).toBe(false);
    expect(isExportJob(null)).toBe(false);
  });

  it('never goes back with a late report, nor back to running once ended', () => {
    const ahead = exportJob({ filas: 1500 });
    expect(furthest(ahead, exportJob({ filas: 500 }))).toBe(ahead);
    const done = exportJob({ estado: 'terminada', filas: 2000 });
    expect(furthest(done, exportJob({ filas: 1999 }))).toBe(done);
    expect(furthest(exportJob({ estado: 'pendiente' }), ahead)).toBe(ahead);
    expect(furthest(undefined, ahead)).toBe(ahead);
  });

  it('gives the bar’s share of rows, none while the total is being counted', () => {
    expect(jobPercent(exportJob({ filas: 500, total: 2000 }))).toBe(25);
    expect(jobPercent(exportJob({ filas: 0, total: null }))).toBeNull();
    expect(jobPercent(exportJob({ estado: 'terminada', filas: 0, total: 0 }))).toBe(100);
  });

  it('replaces a job of a list in place, and puts a new one first', () => {
    const list = [exportJob({ id_exportacion: 9 }), exportJob({ id_exportacion: 7, filas: 10 })];
    expect(withJob(list, exportJob({ id_exportacion: 7, filas: 20 })).map((j) => [j.id_exportacion, j.filas])).toEqual([
      [9, 0],
      [7, 20],
    ]);
    expect(withJob(list, exportJob({ id_exportacion: 11 })).map((j) => j.id_exportacion)).toEqual([11, 9, 7]);
  });

  it('says sizes in bytes, kB and MB', () => {
    const format = (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat('es-MX', options).format(value);
    expect(fileSize(512, format)).toMatch(/^512\sB/);
    expect(fileSize(1536, format)).toMatch(/^1\.5\skB/);
    expect(fileSize(5 * 1024 * 1024, format)).toMatch(/^5\sMB/);
  });
});

function renderPanel(id: number | null, pollMs = 60_000) {
  const onClose = vi.fn();
  renderWithProviders(
    <MemoryRouter>
      <ExportJobPanel jobId={id} onClose={onClose} pollMs={pollMs} />
    </MemoryRouter>,
  );
  return onClose;
}

describe('the export job panel', () => {
  it('follows the job from the socket: rows written of the total, then Descargar, which saves the file', async () => {
    const api = mockFetch({
      [`GET ${JOBS}/7`]: () => jsonResponse(exportJob({ filas: 0 })),
      [`GET ${JOBS}/7/archivo`]: () =>
        new Response('PK', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="reporte_masivo.xlsx"' } }),
    });
    connectSocket();
    renderPanel(7);
    expect(await screen.findByText('Exportando… 0 de 2,000 filas')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Exportación en segundo plano' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ver mis exportaciones/ })).toHaveAttribute('href', '/menu/mis_exportaciones');

    // Another job's report and a late one change nothing.
    act(() => sockets.last().serverEmit('reporte:progreso', exportJob({ id_exportacion: 8, filas: 1999 })));
    act(() => sockets.last().serverEmit('reporte:progreso', exportJob({ filas: 1500 })));
    act(() => sockets.last().serverEmit('reporte:progreso', exportJob({ filas: 900 })));
    expect(await screen.findByText('Exportando… 1,500 de 2,000 filas')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '1500');
    expect(progress()).toHaveAttribute('aria-valuemax', '2000');
    expect(progress()).toHaveAttribute('aria-valuetext', '1,500 de 2,000 filas');
    expect(screen.getByTestId('export-state')).toHaveTextContent('Procesando');
    expect(screen.queryByRole('button', { name: /Descargar/ })).not.toBeInTheDocument();

    act(() =>
      sockets.last().serverEmit('reporte:progreso', exportJob({ estado: 'terminada', filas: 2000, terminado: '2026-03-02T16:01:00Z', bytes: 40960 })),
    );
    expect(await screen.findByText('Lista: 2,000 filas')).toBeInTheDocument();
    expect(screen.getByTestId('export-state')).toHaveTextContent('Terminada');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar Reporte masivo' }));
    await waitFor(() => expect(downloads).toEqual(['reporte_masivo.xlsx']));
    const file = api.callsTo('GET', `${JOBS}/7/archivo`)[0] as RecordedCall;
    expect(file.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    // Only the first answer was asked for: the socket told the rest.
    expect(api.callsTo('GET', `${JOBS}/7`)).toHaveLength(1);
  });

  it('asks for the job every few seconds while the socket is not connected, and stops when it ends', async () => {
    let answer = exportJob({ estado: 'pendiente', total: null });
    const api = mockFetch({ [`GET ${JOBS}/7`]: () => jsonResponse(answer) });
    renderPanel(7, 40);
    expect(await screen.findByText('En espera de iniciar…')).toBeInTheDocument();
    answer = exportJob({ filas: 300, total: null });
    expect(await screen.findByText('Exportando… contando las filas')).toBeInTheDocument();
    expect(progress()).not.toHaveAttribute('aria-valuenow');
    answer = exportJob({ filas: 1000 });
    expect(await screen.findByText('Exportando… 1,000 de 2,000 filas')).toBeInTheDocument();
    answer = exportJob({ estado: 'fallida', filas: 1000, error: 'El disco está lleno' });
    expect(await screen.findByText('El disco está lleno')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('La exportación falló');
    const asked = api.callsTo('GET', `${JOBS}/7`).length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(api.callsTo('GET', `${JOBS}/7`)).toHaveLength(asked);
  });

  it('closes with its button and with Escape', async () => {
    mockFetch({ [`GET ${JOBS}/7`]: () => jsonResponse(exportJob()) });
    const onClose = renderPanel(7);
    await screen.findByText('Exportando… 0 de 2,000 filas');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar el aviso de la exportación' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows nothing without a job', () => {
    mockFetch({});
    renderPanel(null);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('offers no link to Mis exportaciones to whoever may not open it', async () => {
    setSession(TOKEN, { cve_empleado: 1, nombre_empleado: 'Otro', idperfil: 9, secciones: ['reportes.masivo'] });
    mockFetch({ [`GET ${JOBS}/7`]: () => jsonResponse(exportJob()) });
    renderPanel(7);
    await screen.findByText('Exportando… 0 de 2,000 filas');
    expect(screen.queryByRole('link', { name: /Ver mis exportaciones/ })).not.toBeInTheDocument();
  });
});

function Launcher({ start }: { start: () => Promise<{ resp: string; id_exportacion: number }> }) {
  const background = useBackgroundExport();
  return (
    <MemoryRouter>
      <button type="button" onClick={() => void background.run(start).catch(() => undefined)}>
        Empezar
      </button>
      <ExportJobPanel jobId={background.jobId} onClose={background.close} />
    </MemoryRouter>
  );
}

describe('useBackgroundExport', () => {
  it('starts through the caller’s own call and follows the job it answers', async () => {
    mockFetch({ [`GET ${JOBS}/12`]: () => jsonResponse(exportJob({ id_exportacion: 12, nombre: 'Mi reporte', estado: 'pendiente' })) });
    const start = vi.fn(async () => ({ resp: 'Excelente', id_exportacion: 12 }));
    renderWithProviders(<Launcher start={start} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar' }));
    expect(start).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Mi reporte · Excel (.xlsx)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar el aviso de la exportación' }));
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
  });
});
