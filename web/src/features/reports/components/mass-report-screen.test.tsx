import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableQuery } from '@/components/data-table';
import { exportJob } from '@/components/export-jobs/test-fixtures';
import { usePageChromeShape } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { resetRealtime, setSocketFactory, startRealtime } from '@/lib/socket';
import { fakeSocketFactory } from '@/test/fake-socket';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, setupI18n } from '@/test/utils';
import { activeCount, dateRangeOf, filtersFromParams, toFiltersExt, writeFilters } from './mass-filters';
import { MassReportScreen } from './mass-report-screen';
import { OPTIONS, massRow, paramsOf, renderScreen, tablePage } from './test-fixtures';

const OPCIONES = `${PRI}/reportes/opciones`;
const TABLA = `${PRI}/reportes/reporte_masivo/tabla`;
const TRABAJO = `${PRI}/reportes/reporte_masivo/exportacion`;
const JOBS = `${PRI}/reportes/exportaciones`;
const TOKEN = fakeJwt({ cve_empleado: 2, kind: 'sesion' });
const CSV = '\ufeffNúm. empleado,Nombre\r\nE-1001,Luis\r\n';

/** The server: options, the table (its JSON pages, or the file when `excel`), the job calls. */
function serve({ count = 2, table }: { count?: number; table?: (q: TableQuery) => Response } = {}) {
  return mockFetch({
    [`GET ${OPCIONES}`]: () => jsonResponse(OPTIONS),
    [`POST ${TABLA}`]: (call: RecordedCall) => {
      const q = call.body as TableQuery;
      if (table) return table(q);
      if (q.excel) {
        return new Response(CSV, {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="reporte_masivo.${q.formato}"` },
        });
      }
      return jsonResponse(tablePage([massRow(), massRow({ num_empleado: 'E-1002', nombre_empleado: 'Ana Ruiz', estado: 'Vencido' })], count));
    },
    [`POST ${TRABAJO}`]: () => jsonResponse({ resp: 'Excelente', id_exportacion: 31 }, 202),
    [`GET ${JOBS}/31`]: () => jsonResponse(exportJob({ id_exportacion: 31, estado: 'pendiente', total: null })),
    [`GET ${JOBS}`]: () => jsonResponse([]),
  });
}

const pages = (api: ReturnType<typeof mockFetch>) =>
  api.callsTo('POST', TABLA).map((c) => c.body as TableQuery).filter((q) => !q.excel);
const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;

async function choose(label: string, option: string) {
  await userEvent.click(combobox(label));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function openExportMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
  const menu = await screen.findByRole('menu');
  await within(menu).findAllByRole('menuitem');
  return menu;
}

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

describe('the mass report’s filters in the address', () => {
  it('reads each filter named as the API names it, leaving out what the API would refuse', () => {
    const filters = filtersFromParams(
      new URLSearchParams('cve_tema=4&estado=Vencido&modalidad=OTRA&cve_planta=-2&fecha_inicial=2026-01-01&fecha_final=2026-02-31&x=1'),
    );
    expect(toFiltersExt(filters)).toEqual({ cve_tema: 4, estado: 'Vencido' });
    expect(dateRangeOf(filters)).toEqual({ start: '2026-01-01', end: '' });
    expect(activeCount(filters)).toBe(3);
  });

  it('writes the chosen ones back and keeps the address’s other params', () => {
    const next = writeFilters(new URLSearchParams('x=1&cve_tema=4'), {
      ...filtersFromParams(new URLSearchParams()),
      cve_estructura: 11,
      requerimiento: 'obligatorio',
      fecha_final: '2026-03-31',
    });
    expect(Object.fromEntries(next)).toEqual({ x: '1', cve_estructura: '11', requerimiento: 'obligatorio', fecha_final: '2026-03-31' });
  });
});

describe('Reporte masivo', () => {
  it('sends the address’s filters in the table’s body and shows them chosen', async () => {
    const api = serve();
    renderScreen(<MassReportScreen />, '/menu/reporte_masivo?cve_estructura=11&cve_tema=4&estado=Vencido&fecha_inicial=2026-01-01&fecha_final=2026-03-31');
    await waitFor(() => expect(pages(api)).toHaveLength(1));
    expect(pages(api)[0]).toMatchObject({
      page: 1,
      cantPP: 10,
      order: 'nombre_empleado',
      ordertype: 'asc',
      filtersEXT: { cve_estructura: 11, cve_tema: 4, estado: 'Vencido' },
      fecha_inicial: '2026-01-01',
      fecha_final: '2026-03-31',
    });
    await waitFor(() => expect(combobox('Estructura')).toHaveValue('N3 · Planta Norte'));
    expect(combobox('Tema')).toHaveValue('NOM-035 Factores de riesgo psicosocial');
    expect(combobox('Estado')).toHaveValue('Vencido');
    expect(screen.getByLabelText('Acreditado desde')).toHaveValue('01/01/2026');
    expect(screen.getByRole('button', { name: 'Quitar 4 filtros' })).toBeEnabled();
  });

  it('shows the rows with the engine’s columns: dates in the language, the state as a badge', async () => {
    serve();
    renderScreen(<MassReportScreen />, '/menu/reporte_masivo');
    const table = await screen.findByRole('table', { name: 'Reporte masivo' });
    await within(table).findByText('Luis Hernández Rodríguez');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Núm. empleado', 'Nombre', 'Tema', 'Fecha de acreditación', 'Calificación', 'Estado']));
    const first = within(table).getAllByRole('row')[2] as HTMLElement;
    expect(within(first).getByText('10/02/2026')).toBeInTheDocument();
    expect(within(first).getByText('Acreditado')).toBeInTheDocument();
    expect(screen.getByTestId('mass-count')).toHaveTextContent('2 filas con estos filtros');
  });

  it('writes a chosen topic and state into the address and asks again with them', async () => {
    const api = serve();
    const router = renderScreen(<MassReportScreen />, '/menu/reporte_masivo?otro=1');
    await waitFor(() => expect(pages(api)).toHaveLength(1));
    expect(pages(api)[0]?.filtersEXT).toEqual({});
    expect(pages(api)[0]).not.toHaveProperty('fecha_inicial');

    await choose('Tema', 'NOM-006 Montacargas');
    await waitFor(() => expect(paramsOf(router).get('cve_tema')).toBe('6'));
    await choose('Estado', 'No acreditado');
    await waitFor(() => expect(pages(api).at(-1)?.filtersEXT).toEqual({ cve_tema: 6, estado: 'No acreditado' }));
    expect(Object.fromEntries(paramsOf(router))).toEqual({ otro: '1', cve_tema: '6', estado: 'No acreditado' });

    await userEvent.click(screen.getByRole('button', { name: 'Quitar 2 filtros' }));
    await waitFor(() => expect(pages(api).at(-1)?.filtersEXT).toEqual({}));
    expect(Object.fromEntries(paramsOf(router))).toEqual({ otro: '1' });
    expect(screen.getByRole('button', { name: 'Quitar filtros' })).toBeDisabled();
  });

  it('downloads up to 10,000 rows at once: the same query with excel and the format, under the server’s name', async () => {
    const api = serve({ count: 10_000 });
    renderScreen(<MassReportScreen />, '/menu/reporte_masivo?cve_tema=4');
    await screen.findByText('Luis Hernández Rodríguez');
    const menu = await openExportMenu();
    expect(within(menu).queryByText(/se preparará en segundo plano/)).not.toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'CSV (.csv)' }));
    await waitFor(() => expect(downloads).toEqual(['reporte_masivo.csv']));
    const file = api.callsTo('POST', TABLA).find((c) => (c.body as TableQuery).excel) as RecordedCall;
    expect(file.body).toMatchObject({ excel: true, formato: 'csv', filtersEXT: { cve_tema: 4 }, order: 'nombre_empleado' });
    expect(file.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(api.callsTo('POST', TRABAJO)).toHaveLength(0);
  });

  it('prepares more than 10,000 rows in the background and follows the job live in the corner', async () => {
    const api = serve({ count: 10_001 });
    startRealtime(TOKEN);
    act(() => sockets.last().acceptHandshake());
    renderScreen(<MassReportScreen pollMs={60_000} />, '/menu/reporte_masivo?estado=Pendiente');
    await screen.findByText('Luis Hernández Rodríguez');
    const menu = await openExportMenu();
    expect(within(menu).getByText('Más de 10,000 filas: se preparará en segundo plano.')).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(api.callsTo('POST', TRABAJO)).toHaveLength(1));
    const body = api.callsTo('POST', TRABAJO)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ formato: 'xlsx', filtersEXT: { estado: 'Pendiente' }, order: 'nombre_empleado' });
    expect(body).not.toHaveProperty('excel');
    expect(api.callsTo('POST', TABLA).filter((c) => (c.body as TableQuery).excel)).toHaveLength(0);

    const panel = await screen.findByRole('region', { name: 'Exportación en segundo plano' });
    expect(await within(panel).findByText('En espera de iniciar…')).toBeInTheDocument();
    act(() => sockets.last().serverEmit('reporte:progreso', exportJob({ id_exportacion: 31, filas: 4000, total: 10_001 })));
    expect(await within(panel).findByText('Exportando… 4,000 de 10,001 filas')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4000');
  });

  it('disables PDF above 2,000 rows and says why', async () => {
    const api = serve({ count: 2_345 });
    renderScreen(<MassReportScreen />, '/menu/reporte_masivo');
    await screen.findByText('Luis Hernández Rodríguez');
    const menu = await openExportMenu();
    const pdf = within(menu).getByTestId('export-pdf');
    expect(pdf).toBeDisabled();
    expect(pdf).toHaveTextContent('PDF solo hasta 2,000 filas; este reporte tiene 2,345.');
    expect(within(menu).getByTestId('export-background-pdf')).toBeDisabled();
    await userEvent.click(pdf);
    expect(api.callsTo('POST', TABLA).filter((c) => (c.body as TableQuery).excel)).toHaveLength(0);
    expect(within(menu).getByRole('menuitem', { name: 'Excel (.xlsx)' })).toBeEnabled();
  });

  it('offers PDF up to 2,000 rows', async () => {
    const api = serve({ count: 2_000 });
    renderScreen(<MassReportScreen />, '/menu/reporte_masivo');
    await screen.findByText('Luis Hernández Rodríguez');
    await userEvent.click(within(await openExportMenu()).getByRole('menuitem', { name: 'PDF (.pdf)' }));
    await waitFor(() => expect(downloads).toEqual(['reporte_masivo.pdf']));
    expect(api.callsTo('POST', TABLA).find((c) => (c.body as TableQuery).excel)?.body).toMatchObject({ formato: 'pdf' });
  });

  it('makes a background job of a small report when the user asks for one', async () => {
    const api = serve({ count: 12 });
    renderScreen(<MassReportScreen />, '/menu/reporte_masivo');
    await screen.findByText('Luis Hernández Rodríguez');
    const menu = await openExportMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'CSV (.csv) en segundo plano' }));
    await waitFor(() => expect(api.callsTo('POST', TRABAJO)[0]?.body).toMatchObject({ formato: 'csv' }));
    expect(await screen.findByRole('region', { name: 'Exportación en segundo plano' })).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it('says why an export failed, with the server’s words', async () => {
    serve({
      count: 1_500,
      table: (q) =>
        q.excel
          ? jsonResponse({ code: 'reportes.pdf_demasiadas_filas', resp: 'El PDF admite hasta 2,000 filas' }, 422)
          : jsonResponse(tablePage([massRow()], 1_500)),
    });
    renderScreen(<MassReportScreen />, '/menu/reporte_masivo');
    await screen.findByText('Luis Hernández Rodríguez');
    await userEvent.click(within(await openExportMenu()).getByRole('menuitem', { name: 'PDF (.pdf)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo exportar el reporte');
    expect(alert).toHaveTextContent('El PDF admite hasta 2,000 filas');
    // No '¡Ups!' dialog: the message is on the screen.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers refresh and print in the shell’s bar, and no second export there', async () => {
    serve();
    function Bar() {
      const { shape } = usePageChromeShape();
      return <output data-testid="bar">{JSON.stringify([shape.update, shape.print, shape.exportExcel, shape.dateFilter])}</output>;
    }
    renderScreen(
      <>
        <Bar />
        <MassReportScreen />
      </>,
      '/menu/reporte_masivo',
    );
    await waitFor(() => expect(screen.getByTestId('bar')).toHaveTextContent('[true,true,false,false]'));
  });

  it('opens the export menu from the keyboard', async () => {
    serve();
    renderScreen(<MassReportScreen />, '/menu/reporte_masivo');
    await screen.findByText('Luis Hernández Rodríguez');
    screen.getByRole('button', { name: 'Exportar' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});
