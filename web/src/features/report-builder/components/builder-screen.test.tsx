import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, setupI18n } from '@/test/utils';
import type { DefinicionReporte, ResultadoReporte } from '../api/types';
import { ReportBuilderScreen } from './builder-screen';
import { PROFILES, SOURCES, renderAt, resultOf, savedReport } from './test-fixtures';

const FUENTES = `${PRI}/reportes/fuentes`;
const EJECUTAR = `${PRI}/reportes/ejecutar`;
const EXPORTAR = `${PRI}/reportes/exportar`;
const EXPORTACIONES = `${PRI}/reportes/exportaciones`;
const GUARDADOS = `${PRI}/reportes/guardados`;
const PERFILES = `${PRI}/perfiles/secciones/perfiles`;
const TOKEN = fakeJwt({ cve_empleado: 2, kind: 'sesion' });
const WAIT = { timeout: 4000 };

/** The preview's answer: a row per page for the columns asked, `count` rows in all. */
function previewOf(call: RecordedCall, count = 2): ResultadoReporte {
  const { definicion, page } = call.body as { definicion: DefinicionReporte; page: number };
  const agrupar = definicion.agrupar ?? [];
  const claves = agrupar.length > 0 ? [...agrupar, 'registros'] : definicion.columnas;
  const columnas = claves.map((clave) => ({ clave, titulo: clave.toUpperCase(), tipo: clave === 'registros' ? ('entero' as const) : ('texto' as const) }));
  const filas = Array.from({ length: Math.min(count, 2) }, (_, r) => claves.map((c) => (c === 'registros' ? r + 3 : `${c} ${page}-${r}`)));
  return resultOf(columnas, filas, { pages: { pages: Math.ceil(count / 20), ultima_page: Math.ceil(count / 20), cantidad_registros: count } });
}

function api(overrides: Record<string, (call: RecordedCall) => Response | Promise<Response>> = {}) {
  return mockFetch({
    [`GET ${FUENTES}`]: () => jsonResponse(SOURCES),
    [`POST ${EJECUTAR}`]: (call) => jsonResponse(previewOf(call)),
    [`GET ${PERFILES}`]: () => jsonResponse(PROFILES),
    ...overrides,
  });
}

const lastRun = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url === EJECUTAR).at(-1)?.body;

/** The options of a combobox's own list (other selects' lists may still be in the page). */
async function optionsOf(box: HTMLElement) {
  const list = await waitFor(() => {
    const id = box.getAttribute('aria-controls');
    const el = id ? document.getElementById(id) : null;
    if (!el) throw new Error('no list yet');
    return el;
  });
  return within(list);
}

async function choose(label: string, option: string | RegExp) {
  const box = screen.getByRole('combobox', { name: label });
  await userEvent.click(box);
  await userEvent.click(await (await optionsOf(box)).findByRole('option', { name: option, hidden: true }));
}

/** Source Empleados and the columns Nombre, Planta and Puesto. */
async function startReport() {
  await choose('Fuente', /^Empleados/);
  for (const name of ['Nombre', 'Planta', 'Puesto']) await userEvent.click(screen.getByRole('checkbox', { name }));
}

beforeAll(async () => {
  await setupI18n('report-builder');
});
beforeEach(() => {
  clearAlerts();
  notifications.clean();
  resetLogoutState();
  setSession(TOKEN, { cve_empleado: 2, nombre_empleado: 'Analista', secciones: ['reportes.reporteador', 'reportes.guardados'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Reporteador', () => {
  it('sends the preview the layout chosen: columns in order, filter, grouping and totals', async () => {
    const fetches = api();
    renderAt(<ReportBuilderScreen />, '/menu/reporteador');
    await screen.findByRole('combobox', { name: 'Fuente' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await startReport();
    expect(screen.getByTestId('builder-source-description')).toHaveTextContent('Una fila por empleado de tu alcance.');

    // Puesto up twice, by its buttons; the focus follows it (to 'Bajar' once it is first).
    await userEvent.click(screen.getByRole('button', { name: 'Subir Puesto' }));
    expect(screen.getByRole('button', { name: 'Subir Puesto' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Subir Puesto' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bajar Puesto' })).toHaveFocus();
    expect(within(screen.getByTestId('builder-column-order')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Puesto'),
      expect.stringContaining('Nombre'),
      expect.stringContaining('Planta'),
    ]);
    expect(screen.getByTestId('builder-columns-status')).toHaveTextContent('Puesto quedó en la posición 1 de 3');

    // A filter: Planta is Monterrey (a select: the column has options); only its operators are offered.
    await userEvent.click(screen.getByRole('button', { name: 'Agregar filtro' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Columna' })).toHaveFocus());
    await choose('Columna', 'Planta');
    const condition = screen.getByRole('combobox', { name: 'Condición' });
    await userEvent.click(condition);
    const conditions = await optionsOf(condition);
    expect((await conditions.findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual(['Es igual a', 'Es distinto de', 'Está vacío', 'No está vacío']);
    await userEvent.click(conditions.getByRole('option', { name: 'Es distinto de', hidden: true }));
    expect(screen.getByTestId('builder-filter-unfinished')).toBeInTheDocument();
    await choose('Valor', 'Apodaca');
    expect(screen.queryByTestId('builder-filter-unfinished')).not.toBeInTheDocument();

    // Grouping by Planta, and the sum of Salario.
    await choose('Agrupar por', 'Planta');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar total' }));
    await choose('Columna del total 1', 'Salario');
    await choose('Cálculo del total 1', 'Suma');
    await choose('Ordenar por', 'Suma de Salario');
    await userEvent.click(screen.getByRole('switch', { name: 'De mayor a menor (descendente)' }));

    await waitFor(
      () =>
        expect(lastRun(fetches.calls)).toEqual({
          definicion: {
            fuente: 'empleados',
            columnas: ['puesto', 'nombre', 'planta'],
            filtros: [{ columna: 'planta', operador: 'distinto', valor: '2' }],
            agrupar: ['planta'],
            totales: [{ columna: 'salario', funcion: 'suma' }],
            orden: { columna: 'suma_salario', descendente: true },
          },
          page: 1,
          cantPP: 20,
        }),
      WAIT,
    );
    // Debounced: far fewer runs than changes.
    expect(fetches.callsTo('POST', EJECUTAR).length).toBeLessThan(8);
    expect(screen.getByTestId('builder-columns-grouped')).toBeInTheDocument();
  });

  it('shows the preview’s rows with their grand totals, and pages through them', async () => {
    const fetches = api({
      [`POST ${EJECUTAR}`]: (call) =>
        jsonResponse({
          ...previewOf(call, 45),
          totales: [{ columna: 'salario', funcion: 'suma', titulo: 'Suma de Salario', valor: 152300.5 }],
        }),
    });
    renderAt(<ReportBuilderScreen />, '/menu/reporteador');
    await screen.findByRole('combobox', { name: 'Fuente' });
    await startReport();
    const table = await screen.findByRole('table', { name: 'Vista previa del reporte' }, WAIT);
    await waitFor(() => expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['NOMBRE', 'PLANTA', 'PUESTO']), WAIT);
    expect(screen.getByTestId('report-count')).toHaveTextContent('45 registros');
    expect(within(screen.getByTestId('report-totals')).getByText('Suma de Salario')).toBeInTheDocument();
    expect(screen.getByTestId('report-total')).toHaveTextContent('$152,300.50');

    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(lastRun(fetches.calls)).toMatchObject({ page: 2 }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('nombre 2-0'));
  });

  it('shows the server’s message in place of the preview when it refuses the layout', async () => {
    api({ [`POST ${EJECUTAR}`]: () => jsonResponse({ code: 'reportes.valor', resp: 'El valor de Planta no es válido' }, 400) });
    renderAt(<ReportBuilderScreen />, '/menu/reporteador');
    await screen.findByRole('combobox', { name: 'Fuente' });
    await startReport();
    const alert = await screen.findByTestId('report-error', {}, WAIT);
    expect(alert).toHaveTextContent('El reporte no se puede ejecutar así');
    expect(alert).toHaveTextContent('El valor de Planta no es válido');
    // Not the '¡Ups!' dialog: the message stays with the preview.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('saves a new layout with its name and profiles, then saves changes to the same one', async () => {
    const fetches = api({
      [`POST ${GUARDADOS}`]: () => jsonResponse({ resp: 'Excelente', id_reporte: 15 }),
      [`PUT ${GUARDADOS}/15`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    const router = renderAt(<ReportBuilderScreen />, '/menu/reporteador');
    await screen.findByRole('combobox', { name: 'Fuente' });
    await startReport();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar reporte' });
    // The name is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Este campo es obligatorio')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), '  Plantilla por planta ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Descripción' }), 'Para los supervisores');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Supervisor' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Analista' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(fetches.callsTo('POST', GUARDADOS)).toHaveLength(1));
    expect(fetches.callsTo('POST', GUARDADOS)[0]?.body).toEqual({
      nombre: 'Plantilla por planta',
      descripcion: 'Para los supervisores',
      definicion: { fuente: 'empleados', columnas: ['nombre', 'planta', 'puesto'], filtros: [], agrupar: [], totales: [], orden: null },
      perfiles: [2, 3],
    });
    await waitFor(() => expect(router.state.location.search).toBe('?id=15'));
    expect(screen.getByTestId('builder-editing')).toHaveTextContent('Editando el reporte «Plantilla por planta».');
    // The builder stayed as it was (not loaded again).
    expect(fetches.callsTo('GET', `${GUARDADOS}/15`)).toHaveLength(0);
    expect(screen.getByRole('checkbox', { name: 'Puesto' })).toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Planta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const again = await screen.findByRole('dialog', { name: 'Guardar cambios del reporte' });
    expect(within(again).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Plantilla por planta');
    expect(within(again).getByRole('checkbox', { name: 'Supervisor' })).toBeChecked();
    await userEvent.click(within(again).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetches.callsTo('PUT', `${GUARDADOS}/15`)).toHaveLength(1));
    expect(fetches.callsTo('PUT', `${GUARDADOS}/15`)[0]?.body).toMatchObject({ nombre: 'Plantilla por planta', perfiles: [2, 3], definicion: { columnas: ['nombre', 'puesto'] } });
    expect(fetches.callsTo('POST', GUARDADOS)).toHaveLength(1);
  });

  it('keeps a repeated name under its input', async () => {
    api({ [`POST ${GUARDADOS}`]: () => jsonResponse({ code: 'reportes.nombre_repetido', resp: 'Ya tienes un reporte con ese nombre' }, 409) });
    renderAt(<ReportBuilderScreen />, '/menu/reporteador');
    await screen.findByRole('combobox', { name: 'Fuente' });
    await startReport();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar reporte' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Plantilla');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ya tienes un reporte con ese nombre')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits the layout of ?id=N: loads it into the controls and the preview, and saves it with PUT', async () => {
    const report = savedReport({
      definicion: {
        fuente: 'empleados',
        columnas: ['planta', 'nombre'],
        filtros: [{ columna: 'fecha_ingreso', operador: 'entre', valor: '2026-01-01', valor2: '2026-06-30' }],
        agrupar: [],
        totales: [{ columna: 'activo', funcion: 'porcentaje' }],
        orden: { columna: 'nombre', descendente: false },
      },
    });
    const fetches = api({
      [`GET ${GUARDADOS}/7`]: () => jsonResponse(report),
      [`PUT ${GUARDADOS}/7`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    renderAt(<ReportBuilderScreen />, '/menu/reporteador?id=7');
    await screen.findByTestId('builder-editing');
    expect(screen.getByRole('combobox', { name: 'Fuente' })).toHaveValue('Empleados');
    expect(within(screen.getByTestId('builder-column-order')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Planta'),
      expect.stringContaining('Nombre'),
    ]);
    expect(screen.getByRole('combobox', { name: 'Condición' })).toHaveValue('Está entre');
    expect(screen.getByRole('textbox', { name: 'Desde' })).toHaveValue('01/01/2026');
    expect(screen.getByRole('textbox', { name: 'Hasta' })).toHaveValue('30/06/2026');
    await waitFor(() => expect(lastRun(fetches.calls)).toEqual({ definicion: report.definicion, page: 1, cantPP: 20 }));

    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar cambios del reporte' });
    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Plantilla por planta');
    expect(within(dialog).getByRole('textbox', { name: 'Descripción' })).toHaveValue('Empleados activos por planta');
    expect(await within(dialog).findByRole('checkbox', { name: 'Supervisor' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetches.callsTo('PUT', `${GUARDADOS}/7`)[0]?.body).toEqual({
      nombre: 'Plantilla por planta',
      descripcion: 'Empleados activos por planta',
      definicion: report.definicion,
      perfiles: [3],
    }));
  });

  it('saves a layout one may not change as a new one of one’s own', async () => {
    const fetches = api({
      [`GET ${GUARDADOS}/7`]: () => jsonResponse(savedReport({ puede_editar: false, propio: false })),
      [`POST ${GUARDADOS}`]: () => jsonResponse({ resp: 'Excelente', id_reporte: 16 }),
    });
    renderAt(<ReportBuilderScreen />, '/menu/reporteador?id=7');
    expect(await screen.findByTestId('builder-copy-note')).toHaveTextContent('No puedes modificar «Plantilla por planta»');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar reporte' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetches.callsTo('POST', GUARDADOS)).toHaveLength(1));
    expect(fetches.callsTo('PUT', `${GUARDADOS}/7`)).toHaveLength(0);
  });
});

describe('Exportar', () => {
  function captureDownloads() {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: vi.fn(() => 'blob:1'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    return saved;
  }

  async function exportAs(format: string) {
    await waitFor(() => expect(screen.getByRole('button', { name: 'Exportar' })).toBeEnabled(), WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: format }));
  }

  it('downloads up to 10,000 rows at once, with the preview’s layout', async () => {
    const saved = captureDownloads();
    const fetches = api({
      [`POST ${EJECUTAR}`]: (call) => jsonResponse(previewOf(call, 10_000)),
      [`POST ${EXPORTAR}`]: () => new Response('PK\u0003\u0004', { headers: { 'Content-Disposition': 'attachment; filename="Empleados.xlsx"' } }),
    });
    renderAt(<ReportBuilderScreen />, '/menu/reporteador');
    await screen.findByRole('combobox', { name: 'Fuente' });
    await startReport();
    await exportAs('Excel (.xlsx)');
    await waitFor(() => expect(saved).toEqual(['Empleados.xlsx']));
    expect(fetches.callsTo('POST', EXPORTAR)[0]?.body).toEqual({
      definicion: { fuente: 'empleados', columnas: ['nombre', 'planta', 'puesto'], filtros: [], agrupar: [], totales: [], orden: null },
      formato: 'xlsx',
    });
    expect(fetches.callsTo('POST', EXPORTACIONES)).toHaveLength(0);
  });

  it('prepares more than 10,000 rows in the background and links to Mis exportaciones', async () => {
    captureDownloads();
    const fetches = api({
      [`POST ${EJECUTAR}`]: (call) => jsonResponse(previewOf(call, 10_001)),
      [`POST ${EXPORTACIONES}`]: () => jsonResponse({ resp: 'Excelente', id_exportacion: 31 }, 202),
    });
    const router = renderAt(<ReportBuilderScreen />, '/menu/reporteador');
    await screen.findByRole('combobox', { name: 'Fuente' });
    await startReport();
    await exportAs('CSV (.csv)');
    await waitFor(() => expect(fetches.callsTo('POST', EXPORTACIONES)).toHaveLength(1));
    expect(fetches.callsTo('POST', EXPORTACIONES)[0]?.body).toMatchObject({ formato: 'csv', definicion: { columnas: ['nombre', 'planta', 'puesto'] } });
    expect(fetches.callsTo('POST', EXPORTAR)).toHaveLength(0);
    expect(await screen.findByText('Exportación en preparación')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Ver Mis exportaciones' }));
    expect(router.state.location.pathname).toBe('/menu/mis_exportaciones');
  });

  it('says why an export failed', async () => {
    api({ [`POST ${EXPORTAR}`]: () => jsonResponse({ code: 'reportes.pdf_demasiadas_filas', resp: 'El PDF admite hasta 2,000 filas' }, 422) });
    renderAt(<ReportBuilderScreen />, '/menu/reporteador');
    await screen.findByRole('combobox', { name: 'Fuente' });
    await startReport();
    await exportAs('PDF (.pdf)');
    expect(await screen.findByText('El PDF admite hasta 2,000 filas')).toBeInTheDocument();
    expect(screen.getByText('Problemas para exportar el reporte')).toBeInTheDocument();
  });
});
