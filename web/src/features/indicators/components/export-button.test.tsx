import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { ChartsScreen } from './charts-screen';
import { ExportButton } from './export-button';
import { ProgressScreen } from './progress-screen';
import { CHARTS, OPTIONS, progressAnswer, renderScreen, row } from './test-fixtures';

vi.mock('./indicator-charts', () => ({ GroupedBars: () => null, PercentBars: () => null }));

const TOKEN = fakeJwt({ cve_empleado: 1, kind: 'sesion' });
const FILTROS = `${PRI}/indicadores/filtros`;
const GRAFICAS = `${PRI}/indicadores/graficas`;
const AUDIENCIA = `${PRI}/indicadores/avance_audencia_meta`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file names saved through a link, and the blobs behind them. */
function captureDownloads() {
  const saved: string[] = [];
  const blobs: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(globalThis.URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:1';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { saved, blobs };
}

const isExcel = (url: string) => new URL(url, 'http://test').searchParams.get('formato') === 'xlsx';

beforeAll(async () => {
  await setupI18n('indicators');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(TOKEN, { cve_empleado: 1, nombre_empleado: 'Analista', secciones: ['indicadores.graficas', 'indicadores.audiencia_meta'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Exportar a Excel', () => {
  it('posts the screen’s filters with ?formato=xlsx and saves the file under the server’s name', async () => {
    const { saved, blobs } = captureDownloads();
    const api = mockFetch({
      [`GET ${FILTROS}`]: () => jsonResponse(OPTIONS),
      [`POST ${GRAFICAS}`]: (call) =>
        isExcel(call.url)
          ? new Response('PK\u0003\u0004', { headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="Graficas.xlsx"' } })
          : jsonResponse(CHARTS),
    });
    renderScreen(<ChartsScreen />, '/menu/graficas?cve_estructura=10&desde=2026-02-01&solo_obligatorios=0');
    await userEvent.click(await screen.findByRole('button', { name: 'Exportar a Excel' }));
    await waitFor(() => expect(saved).toEqual(['Graficas.xlsx']));
    const exports = api.callsTo('POST', GRAFICAS).filter((c) => isExcel(c.url));
    expect(exports).toHaveLength(1);
    expect(exports[0]?.url).toBe(`${GRAFICAS}?formato=xlsx`);
    expect(exports[0]?.body).toEqual({ cve_estructura: 10, desde: '2026-02-01', solo_obligatorios: false });
    expect(exports[0]?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(await blobs[0]?.text()).toBe('PK\u0003\u0004');
  });

  it('exports the Avance of its own screen, named after it when the server gives no name', async () => {
    const { saved } = captureDownloads();
    const api = mockFetch({
      [`GET ${FILTROS}`]: () => jsonResponse(OPTIONS),
      [`POST ${AUDIENCIA}`]: (call) => (isExcel(call.url) ? new Response('PK') : jsonResponse(progressAnswer([row({ id: 1, nombre: 'NOM-035' })]))),
    });
    renderScreen(<ProgressScreen kind="audiencia" />, '/menu/avance_audencia_meta?cve_planta=2');
    await screen.findByTestId('progress-table');
    await userEvent.click(screen.getByRole('button', { name: 'Exportar a Excel' }));
    await waitFor(() => expect(saved).toEqual(['avance_audiencia_meta.xlsx']));
    expect(api.callsTo('POST', AUDIENCIA).filter((c) => isExcel(c.url)).map((c) => c.body)).toEqual([{ cve_planta: 2, solo_obligatorios: true }]);
  });

  it('shows it is busy until the file arrives, and why it failed', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch({ [`POST ${GRAFICAS}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const failure = vi.fn();
    renderWithProviders(<ExportButton url={GRAFICAS} filtros={{ solo_obligatorios: true }} fileTitle="Gráficas" onFailure={failure} />);
    const button = screen.getByRole('button', { name: 'Exportar a Excel' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    answer(jsonResponse({ code: 'validacion.periodo_largo', resp: 'El periodo no puede ser mayor a 5 años' }, 400));
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    expect(failure).toHaveBeenLastCalledWith('El periodo no puede ser mayor a 5 años');
  });

  it('puts the failure on the screen, where it can be closed', async () => {
    captureDownloads();
    mockFetch({
      [`GET ${FILTROS}`]: () => jsonResponse(OPTIONS),
      [`POST ${GRAFICAS}`]: (call) => (isExcel(call.url) ? jsonResponse({ code: 'http.interno', resp: 'Error del servidor' }, 500) : jsonResponse(CHARTS)),
    });
    renderScreen(<ChartsScreen />, '/menu/graficas');
    await userEvent.click(await screen.findByRole('button', { name: 'Exportar a Excel' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Problemas para exportar a Excel');
    expect(alert).toHaveTextContent('Error del servidor');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
