import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { DataTable } from './data-table';
import { preloadTable } from './preload';
import { shouldApplyTextFilter } from './query';
import type { DataTableHandle, TableQuery } from './types';

interface Row {
  id: number;
  nombre: string;
  puesto: string;
}

const URL_ = '/api/pri/tabla/prueba';
const META = [
  { column: 'Nombre', nomfield: 'nombre', tipo: 'text', ordenable: true, input: '', options: [] },
  {
    column: 'Puesto',
    nomfield: 'puesto',
    tipo: 'select',
    ordenable: false,
    input: '',
    options: [
      { value: 'op', label: 'Operador' },
      { value: 'sup', label: 'Supervisor' },
    ],
  },
];

function serve(total: number) {
  return mockFetch({
    [`POST ${URL_}`]: (call: RecordedCall) => {
      const q = call.body as TableQuery;
      if (q.excel) return new Response('\ufeffnombre;puesto', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="empleados.csv"' } });
      const start = (q.page - 1) * q.cantPP;
      const result = Array.from({ length: Math.max(0, Math.min(q.cantPP, total - start)) }, (_, i) => ({
        id: start + i + 1,
        nombre: `Empleado ${start + i + 1}`,
        puesto: 'Operador',
      }));
      return jsonResponse({
        result,
        pages: { pages: Math.ceil(total / q.cantPP), ultima_page: Math.ceil(total / q.cantPP), cantidad_registros: total },
        columns_with_selects: META,
      });
    },
  });
}

function bodies(api: ReturnType<typeof mockFetch>): TableQuery[] {
  return api.callsTo('POST', URL_).map((c) => c.body as TableQuery);
}

function renderTable(ref = createRef<DataTableHandle>()) {
  renderWithProviders(
    <DataTable<Row>
      ref={ref}
      url={URL_}
      title="Empleados"
      columns={[
        { field: 'nombre', header: 'Nombre' },
        { field: 'puesto', header: 'Puesto' },
      ]}
      rowKey={(r) => r.id}
      filtersEXT={{ vista: 'todos' }}
      defaultSort={{ field: 'nombre' }}
      selectable
    />,
  );
  return ref;
}

beforeAll(async () => {
  await setupI18n();
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Admin' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shouldApplyTextFilter', () => {
  it('applies text longer than 4 characters or empty', () => {
    expect(shouldApplyTextFilter('')).toBe(true);
    expect(shouldApplyTextFilter('abcd')).toBe(false);
    expect(shouldApplyTextFilter('a')).toBe(false);
    expect(shouldApplyTextFilter('abcde')).toBe(true);
  });
});

describe('DataTable', () => {
  it('asks for page 1 with 10 rows and numbers the rows', async () => {
    const api = serve(25);
    renderTable();
    expect(screen.getAllByTestId('table-skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByText('Empleado 1')).toBeInTheDocument();
    expect(bodies(api)[0]).toEqual({
      page: 1,
      columns_with_selects: [],
      order: 'nombre',
      ordertype: 'asc',
      cantPP: 10,
      filtersEXT: { vista: 'todos' },
    });
    const first = screen.getByText('Empleado 1').closest('tr') as HTMLElement;
    expect(within(first).getByText('1')).toBeInTheDocument();
    expect(screen.getByTestId('table-count')).toHaveTextContent('25 registros');
  });

  it('pages on the server, numbering rows across pages', async () => {
    const api = serve(25);
    renderTable();
    await screen.findByText('Empleado 1');
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Empleado 11')).toBeInTheDocument();
    expect(bodies(api).at(-1)).toMatchObject({ page: 2, cantPP: 10 });
    const row = screen.getByText('Empleado 11').closest('tr') as HTMLElement;
    expect(within(row).getByText('11')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Última página' }));
    expect(await screen.findByText('Empleado 25')).toBeInTheDocument();
    expect(bodies(api).at(-1)).toMatchObject({ page: 3 });
  });

  it('shows the record count only above 10 records', async () => {
    serve(10);
    renderTable();
    await screen.findByText('Empleado 10');
    expect(screen.queryByTestId('table-count')).not.toBeInTheDocument();
  });

  it('changes the page size and goes back to page 1', async () => {
    const api = serve(60);
    renderTable();
    await screen.findByText('Empleado 1');
    await userEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await screen.findByText('Empleado 21');
    await userEvent.click(screen.getByRole('combobox', { name: 'Registros por página' }));
    await userEvent.click(await screen.findByRole('option', { name: '50', hidden: true }));
    await waitFor(() => expect(bodies(api).at(-1)).toMatchObject({ page: 1, cantPP: 50 }));
  });

  it('applies a text filter only above 4 characters or when emptied, back on page 1', async () => {
    const api = serve(25);
    renderTable();
    await screen.findByText('Empleado 1');
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await screen.findByText('Empleado 11');
    const requests = bodies(api).length;

    const input = screen.getByRole('textbox', { name: 'Filtrar por Nombre' });
    await userEvent.type(input, 'Garc');
    await act(() => new Promise((r) => setTimeout(r, 700)));
    expect(bodies(api)).toHaveLength(requests);

    await userEvent.type(input, 'ia');
    await waitFor(() =>
      expect(bodies(api).at(-1)).toMatchObject({
        page: 1,
        columns_with_selects: [{ column: 'Nombre', nomfield: 'nombre', input: 'Garcia' }],
      }),
    );

    await userEvent.clear(input);
    await waitFor(() => expect(bodies(api).at(-1)).toMatchObject({ page: 1, columns_with_selects: [] }));
  });

  it('sends select filters with the chosen option', async () => {
    const api = serve(25);
    renderTable();
    await screen.findByText('Empleado 1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrar por Puesto' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Supervisor', hidden: true }));
    await waitFor(() =>
      expect(bodies(api).at(-1)).toMatchObject({
        page: 1,
        columns_with_selects: [{ column: 'Puesto', nomfield: 'puesto', input: 'sup' }],
      }),
    );
  });

  it("leaves out a column's filter when the screen filters it itself", async () => {
    serve(25);
    renderWithProviders(
      <DataTable<Row>
        url={URL_}
        title="Empleados"
        columns={[
          { field: 'nombre', header: 'Nombre' },
          { field: 'puesto', header: 'Puesto', filterable: false },
        ]}
        rowKey={(r) => r.id}
      />,
    );
    await screen.findByText('Empleado 1');
    expect(screen.getByRole('textbox', { name: 'Filtrar por Nombre' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filtrar por Puesto' })).toBeNull();
  });

  it('sorts by a sortable column, toggling the direction', async () => {
    const api = serve(25);
    renderTable();
    await screen.findByText('Empleado 1');
    await userEvent.click(screen.getByRole('button', { name: 'Ordenar por Nombre' }));
    await waitFor(() => expect(bodies(api).at(-1)).toMatchObject({ order: 'nombre', ordertype: 'desc', page: 1 }));
    expect(screen.queryByRole('button', { name: 'Ordenar por Puesto' })).not.toBeInTheDocument();
  });

  it('refuses select-all above 15,000 records with the spec message', async () => {
    serve(20_000);
    renderTable();
    await screen.findByText('Empleado 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todos' }));
    expect(
      await screen.findByText('Para poder seleccionar todos deben haber menos de 15.000 registros'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar registro 1' })).not.toBeChecked();
  });

  it('selects every record when there are 15,000 or fewer', async () => {
    serve(25);
    renderTable();
    await screen.findByText('Empleado 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todos' }));
    expect(screen.getByRole('checkbox', { name: 'Seleccionar registro 3' })).toBeChecked();
    expect(screen.getByText('25 seleccionados')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar registro 3' }));
    expect(screen.getByText('24 seleccionados')).toBeInTheDocument();
  });

  it('shows the no-data message', async () => {
    serve(0);
    renderTable();
    expect(await screen.findByText('No se encontró información')).toBeInTheDocument();
  });

  it('exports by posting the same query with excel: true and the format', async () => {
    const api = serve(25);
    const created = vi.fn(() => 'blob:1');
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const ref = renderTable();
    await screen.findByText('Empleado 1');
    await act(() => ref.current?.exportTo('csv') ?? Promise.resolve());
    expect(bodies(api).at(-1)).toMatchObject({ page: 1, cantPP: 10, excel: true, formato: 'csv', order: 'nombre' });
    expect(created).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
  });
});

describe('DataTable for screens with their own export', () => {
  it('tells the record count of each answer and gives the query on screen', async () => {
    const api = serve(37);
    const ref = createRef<DataTableHandle>();
    const counts: number[] = [];
    renderWithProviders(
      <DataTable<Row>
        ref={ref}
        url={URL_}
        title="Empleados"
        columns={[
          { field: 'nombre', header: 'Nombre' },
          { field: 'puesto', header: 'Puesto' },
        ]}
        rowKey={(r) => r.id}
        filtersEXT={{ cve_tema: 4 }}
        defaultSort={{ field: 'nombre', direction: 'desc' }}
        onCount={(n) => counts.push(n)}
      />,
    );
    await screen.findByText('Empleado 1');
    await waitFor(() => expect(counts).toEqual([37]));
    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await screen.findByText('Empleado 11');
    expect(ref.current?.query()).toEqual(bodies(api).at(-1));
    expect(ref.current?.query()).toMatchObject({ page: 2, order: 'nombre', ordertype: 'desc', filtersEXT: { cve_tema: 4 } });
    // The same count on another page is no news.
    expect(counts).toEqual([37]);
  });
});

describe('buildTableQuery', () => {
  it('adds the date range only when the screen gives one', async () => {
    const { buildTableQuery } = await import('./query');
    const state = { page: 2, cantPP: 20, order: 'nombre', ordertype: 'desc' as const, filters: { nombre: { column: 'Nombre', input: ' Ruiz ' } } };
    expect(buildTableQuery(state, { dateRange: { start: '2026-08-20', end: '2026-12-20' } })).toEqual({
      page: 2,
      cantPP: 20,
      order: 'nombre',
      ordertype: 'desc',
      columns_with_selects: [{ column: 'Nombre', nomfield: 'nombre', input: 'Ruiz' }],
      filtersEXT: {},
      fecha_inicial: '2026-08-20',
      fecha_final: '2026-12-20',
    });
    expect(buildTableQuery(state)).not.toHaveProperty('fecha_inicial');
  });

  it('sends only the given end of a range open at the other', async () => {
    const { buildTableQuery } = await import('./query');
    const state = { page: 1, cantPP: 10, order: '', ordertype: 'asc' as const, filters: {} };
    const from = buildTableQuery(state, { dateRange: { start: '2026-01-01', end: '' } });
    expect(from.fecha_inicial).toBe('2026-01-01');
    expect(from).not.toHaveProperty('fecha_final');
    const to = buildTableQuery(state, { dateRange: { start: '', end: '2026-03-31' } });
    expect(to).not.toHaveProperty('fecha_inicial');
    expect(to.fecha_final).toBe('2026-03-31');
  });

  it("sends the screen's own column filters with the table's, skipping empty ones", async () => {
    const { buildTableQuery } = await import('./query');
    const state = { page: 1, cantPP: 10, order: '', ordertype: 'asc' as const, filters: { nombre: { column: 'Nombre', input: 'Ruiz López' } } };
    expect(buildTableQuery(state, { columnFilters: { cve_tema: '12', puesto: '' } }).columns_with_selects).toEqual([
      { column: 'cve_tema', nomfield: 'cve_tema', input: '12' },
      { column: 'Nombre', nomfield: 'nombre', input: 'Ruiz López' },
    ]);
  });
});

describe('DataTable first page asked for before it renders', () => {
  it('uses the preloaded answer when the table opens with the same view and order (one request)', async () => {
    const api = serve(30);
    preloadTable(URL_, { filtersEXT: { vista: 'todos' }, defaultSort: { field: 'nombre' } });
    expect(bodies(api)).toHaveLength(1);
    renderTable();
    expect(await screen.findByText('Empleado 1')).toBeInTheDocument();
    expect(bodies(api)).toHaveLength(1);
    expect(bodies(api)[0]).toMatchObject({ page: 1, cantPP: 10, order: 'nombre', ordertype: 'asc', filtersEXT: { vista: 'todos' } });
  });

  it('shows a page answered before it renders in its first render, and does not ask for it again', async () => {
    const api = serve(30);
    // The app's SWR cache (the test providers' fresh one would not hold the answer).
    await preloadTable(URL_, { filtersEXT: { vista: 'nuevos' }, defaultSort: { field: 'nombre' } });
    render(
      <SWRConfig value={{ shouldRetryOnError: false }}>
        <MantineProvider>
          <DataTable<Row>
            url={URL_}
            title="Empleados"
            columns={[{ field: 'nombre', header: 'Nombre' }]}
            rowKey={(r) => r.id}
            filtersEXT={{ vista: 'nuevos' }}
            defaultSort={{ field: 'nombre' }}
          />
        </MantineProvider>
      </SWRConfig>,
    );
    expect(screen.getByText('Empleado 1')).toBeInTheDocument();
    expect(screen.queryAllByTestId('table-skeleton')).toHaveLength(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(bodies(api)).toHaveLength(1);
  });
});
