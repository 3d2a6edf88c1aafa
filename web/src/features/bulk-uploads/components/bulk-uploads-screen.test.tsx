import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { resetRealtime, setSocketFactory, startRealtime } from '@/lib/socket';
import { fakeSocketFactory } from '@/test/fake-socket';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { furthest, progressPercent, type UploadJob } from '../api/upload-types';
import { BulkUploadsScreen } from './bulk-uploads-screen';
import { spreadsheetProblem } from './file-rules';
import { Summary } from './upload-progress-card';
import i18n from 'i18next';

const URL_ROOT = `${PRI}/cargas_masivas`;
const TOKEN = fakeJwt({ cve_empleado: 1, kind: 'sesion' });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function job(overrides: Partial<UploadJob> = {}): UploadJob {
  return {
    id_carga: 7,
    tipo: 'empleados',
    archivo: 'empleados.xlsx',
    estatus: 'pendiente',
    total: 0,
    procesadas: 0,
    insertadas: 0,
    actualizadas: 0,
    sin_cambios: 0,
    errores: 0,
    lotes_fallidos: 0,
    mensaje: null,
    creado: '2025-03-01T10:00:00Z',
    terminado: null,
    ...overrides,
  };
}

const TABLE = (result: unknown[]) =>
  jsonResponse({ result, pages: { pages: 1, ultima_page: 1, cantidad_registros: result.length }, columns_with_selects: [] });

function xlsxFile(name = 'empleados.xlsx', size = 2048) {
  return new File([new Uint8Array(size)], name, { type: XLSX });
}

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`POST ${URL_ROOT}/tabla`]: () => TABLE([]),
    [`POST ${URL_ROOT}/empleados`]: () => jsonResponse({ resp: 'Excelente', id_carga: 7 }, 202),
    [`GET ${URL_ROOT}/7`]: () => jsonResponse(job()),
    [`GET ${URL_ROOT}/7/errores`]: () =>
      new Response('xlsx', { status: 200, headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="errores_7.xlsx"' } }),
    ...extra,
  });
}

function renderScreen(path = '/menu/cargas_masivas', pollMs = 60_000) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <PageChromeProvider>
        <BulkUploadsScreen pollMs={pollMs} />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

async function pickFile(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(screen.getByLabelText('Archivo de Excel a cargar'), file);
}

let downloads: string[] = [];
let sockets: ReturnType<typeof fakeSocketFactory>;

beforeAll(async () => {
  await setupI18n('bulk-uploads');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  resetRealtime();
  sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
  setSession(TOKEN, { cve_empleado: 1, nombre_empleado: 'Admin', idperfil: 1, secciones: ['configuracion.cargas_masivas'] });
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

describe('bulk upload rules', () => {
  it('accepts only .xls/.xlsx files that are not empty and weigh 8 MB or less', () => {
    expect(spreadsheetProblem(xlsxFile('a.XLSX'))).toBeNull();
    expect(spreadsheetProblem(new File(['x'], 'a.xls'))).toBeNull();
    expect(spreadsheetProblem(new File(['x'], 'a.csv', { type: 'text/csv' }))).toBe('type');
    expect(spreadsheetProblem(new File([], 'a.xlsx'))).toBe('empty');
    expect(spreadsheetProblem(xlsxFile('a.xlsx', 8 * 1024 * 1024 + 1))).toBe('size');
  });

  it('computes the percentage and never goes back with a late report', () => {
    expect(progressPercent(job({ total: 200, procesadas: 50, estatus: 'procesando' }))).toBe(25);
    expect(progressPercent(job({ total: 0, estatus: 'terminada' }))).toBe(100);
    const ahead = job({ procesadas: 100, total: 200, estatus: 'procesando' });
    expect(furthest(ahead, job({ procesadas: 50, total: 200, estatus: 'procesando' }))).toBe(ahead);
    const done = job({ procesadas: 200, total: 200, estatus: 'terminada' });
    expect(furthest(done, job({ procesadas: 200, total: 200, estatus: 'procesando' }))).toBe(done);
  });
});

describe('the upload summary', () => {
  it('gives each number its own plural', () => {
    const view = renderWithProviders(<Summary job={job({ estatus: 'terminada', total: 1, procesadas: 1, insertadas: 1, errores: 1 })} />);
    expect(screen.getByText('1 registro: 1 insertado, 0 actualizados y 0 sin cambios.')).toBeInTheDocument();
    expect(screen.getByText(/^1 registro con errores; descarga el reporte para corregirlo/)).toBeInTheDocument();
    view.unmount();

    renderWithProviders(<Summary job={job({ estatus: 'terminada', total: 2, procesadas: 2, actualizadas: 1, sin_cambios: 1, errores: 2 })} />);
    expect(screen.getByText('2 registros: 0 insertados, 1 actualizado y 1 sin cambios.')).toBeInTheDocument();
    expect(screen.getByText(/^2 registros con errores; descarga el reporte para corregirlos/)).toBeInTheDocument();
  });

  it('says registro/registros procesados by the total', () => {
    expect(i18n.t('bulk-uploads:progress.processed', { count: 1, procesadas: '1', total: '1', percent: 100 })).toBe('1 de 1 registro procesado (100 %)');
    expect(i18n.t('bulk-uploads:progress.processed', { count: 2, procesadas: '1', total: '2', percent: 50 })).toBe('1 de 2 registros procesados (50 %)');
  });
});

describe('bulk uploads screen', () => {
  it('preselects the type from ?tipo= and downloads its template under the server file name', async () => {
    const api = serve({
      [`GET ${URL_ROOT}/plantillas/puestos`]: () =>
        new Response('xlsx', {
          status: 200,
          headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="plantilla_puestos.xlsx"' },
        }),
    });
    const user = userEvent.setup();
    renderScreen('/menu/cargas_masivas?tipo=puestos');
    expect(screen.getByRole('combobox', { name: /^Tipo de carga/ })).toHaveValue('Puestos');
    await user.click(screen.getByRole('button', { name: 'Descargar plantilla' }));
    await waitFor(() => expect(downloads).toEqual(['plantilla_puestos.xlsx']));
    expect(api.callsTo('GET', `${URL_ROOT}/plantillas/puestos`)).toHaveLength(1);
  });

  it('checks type, extension and size on the client before uploading anything', async () => {
    const api = serve();
    const user = userEvent.setup({ applyAccept: false });
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Descargar plantilla' }));
    await user.click(screen.getByRole('button', { name: 'Cargar archivo' }));
    expect(await screen.findAllByText('Selecciona el tipo de carga')).not.toHaveLength(0);
    expect(screen.getByText('Selecciona el archivo a cargar')).toBeInTheDocument();

    await pickFile(user, new File(['a,b'], 'empleados.csv', { type: 'text/csv' }));
    expect(await screen.findByText('El archivo debe ser de Excel (.xls o .xlsx)')).toBeInTheDocument();
    await pickFile(user, xlsxFile('grande.xlsx', 8 * 1024 * 1024 + 1));
    expect(await screen.findByText('El archivo debe pesar menos de 8 MB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cargar archivo' }));
    expect(api.calls.filter((c) => c.method === 'POST' && c.url !== `${URL_ROOT}/tabla`)).toHaveLength(0);
    expect(api.calls.filter((c) => c.url.includes('plantillas'))).toHaveLength(0);
  });

  it('uploads the file, follows import:progress live and offers the error report when it ends', async () => {
    const api = serve();
    startRealtime(TOKEN);
    sockets.last().acceptHandshake();
    const user = userEvent.setup();
    renderScreen('/menu/cargas_masivas?tipo=empleados');
    await pickFile(user, xlsxFile());
    await user.click(screen.getByRole('button', { name: 'Cargar archivo' }));

    const bar = await screen.findByRole('progressbar', { name: 'Progreso de la carga' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    const upload = api.callsTo('POST', `${URL_ROOT}/empleados`)[0]?.body as FormData;
    expect(upload.get('archivo')).toBeInstanceOf(File);
    expect((upload.get('archivo') as File).name).toBe('empleados.xlsx');
    const historyLoads = api.callsTo('POST', `${URL_ROOT}/tabla`).length;

    // Events of other uploads are not mine.
    act(() => sockets.last().serverEmit('import:progress', job({ id_carga: 99, estatus: 'procesando', total: 10, procesadas: 10 })));
    act(() => sockets.last().serverEmit('import:progress', job({ estatus: 'procesando', total: 200, procesadas: 50, insertadas: 40, actualizadas: 10 })));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Progreso de la carga' })).toHaveAttribute('aria-valuenow', '25'));
    expect(screen.getByText('50 de 200 registros procesados (25 %)')).toBeInTheDocument();
    expect(screen.getByTestId('conteo-insertadas')).toHaveTextContent('40');
    expect(screen.queryByText('Cargas finalizadas')).not.toBeInTheDocument();

    act(() =>
      sockets.last().serverEmit(
        'import:progress',
        job({ estatus: 'terminada', total: 200, procesadas: 200, insertadas: 150, actualizadas: 30, sin_cambios: 17, errores: 3 }),
      ),
    );
    expect(await screen.findByText('Cargas finalizadas')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progreso de la carga' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('200 registros: 150 insertados, 30 actualizados y 17 sin cambios.')).toBeInTheDocument();
    expect(screen.getByTestId('conteo-errores')).toHaveTextContent('3');
    expect(screen.queryByText(/registros fueron cargados con éxito/)).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', `${URL_ROOT}/tabla`).length).toBeGreaterThan(historyLoads));

    const card = screen.getByRole('region', { name: 'Carga #7' });
    await user.click(within(card).getByRole('button', { name: 'Descargar reporte de errores' }));
    await waitFor(() => expect(downloads).toEqual(['errores_7.xlsx']));
    expect(api.callsTo('GET', `${URL_ROOT}/7/errores`)).toHaveLength(1);
    // With the socket answering, nothing was polled after the first read.
    expect(api.callsTo('GET', `${URL_ROOT}/7`)).toHaveLength(1);
  });

  it('polls the upload every interval while the socket is not connected, and stops once it finished', async () => {
    let answer = job({ estatus: 'procesando', total: 10, procesadas: 4 });
    const api = serve({ [`GET ${URL_ROOT}/7`]: () => jsonResponse(answer) });
    const user = userEvent.setup();
    renderScreen('/menu/cargas_masivas?tipo=empleados', 40);
    await pickFile(user, xlsxFile());
    await user.click(screen.getByRole('button', { name: 'Cargar archivo' }));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Progreso de la carga' })).toHaveAttribute('aria-valuenow', '40'));
    await waitFor(() => expect(api.callsTo('GET', `${URL_ROOT}/7`).length).toBeGreaterThanOrEqual(3));

    answer = job({ estatus: 'terminada', total: 10, procesadas: 10, insertadas: 10 });
    expect(await screen.findByText('Excelente: los registros fueron cargados con éxito')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descargar reporte de errores' })).not.toBeInTheDocument();
    const polls = api.callsTo('GET', `${URL_ROOT}/7`).length;
    await new Promise((r) => setTimeout(r, 200));
    expect(api.callsTo('GET', `${URL_ROOT}/7`)).toHaveLength(polls);
  });

  it('says why the server refused the file, and a failed job with its batches', async () => {
    let refuse = true;
    serve({
      [`POST ${URL_ROOT}/temas`]: () =>
        refuse
          ? jsonResponse({ resp: 'El archivo no es una hoja de cálculo legible', code: 'carga.archivo_invalido' }, 400)
          : jsonResponse({ resp: 'Excelente', id_carga: 7 }, 202),
      [`GET ${URL_ROOT}/7`]: () =>
        jsonResponse(job({ tipo: 'temas', estatus: 'fallida', total: 300, procesadas: 300, lotes_fallidos: 2, mensaje: 'Se perdió la conexión' })),
    });
    const user = userEvent.setup();
    renderScreen('/menu/cargas_masivas?tipo=temas');
    await pickFile(user, xlsxFile('temas.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Cargar archivo' }));
    expect(await screen.findByText('El archivo no es una hoja de cálculo legible')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Cargar archivo' }));
    expect(await screen.findByText('Hubo un problema cargando el archivo, ponte en contacto con tu proveedor.')).toBeInTheDocument();
    expect(screen.getByText('!Ups¡')).toBeInTheDocument();
    expect(screen.getByText('2 lotes no se pudieron guardar.')).toBeInTheDocument();
    expect(screen.getByText('Se perdió la conexión')).toBeInTheDocument();
  });

  it('lists past uploads with their error report and opens one', async () => {
    const api = serve({
      [`POST ${URL_ROOT}/tabla`]: () =>
        TABLE([
          job({ id_carga: 7, estatus: 'terminada', total: 5, procesadas: 5, errores: 2, insertadas: 3 }),
          job({ id_carga: 6, tipo: 'puestos', archivo: 'puestos.xlsx', estatus: 'terminada', total: 4, procesadas: 4, insertadas: 4 }),
        ]),
      [`GET ${URL_ROOT}/7`]: () => jsonResponse(job({ estatus: 'terminada', total: 5, procesadas: 5, errores: 2, insertadas: 3 })),
    });
    const user = userEvent.setup();
    renderScreen();
    const history = await screen.findByRole('table', { name: 'Historial de cargas' });
    expect(await within(history).findByText('puestos.xlsx')).toBeInTheDocument();
    expect(api.callsTo('POST', `${URL_ROOT}/tabla`)[0]?.body).toMatchObject({ order: 'id_carga', ordertype: 'desc' });
    expect(within(history).getAllByRole('button', { name: /^Descargar reporte de errores de la carga/ })).toHaveLength(1);
    await user.click(within(history).getByRole('button', { name: 'Descargar reporte de errores de la carga 7' }));
    await waitFor(() => expect(downloads).toEqual(['errores_7.xlsx']));

    await user.click(within(history).getByRole('button', { name: 'Ver la carga 7' }));
    expect(await screen.findByRole('region', { name: 'Carga #7' })).toHaveTextContent('Cargas finalizadas');
  });
});
