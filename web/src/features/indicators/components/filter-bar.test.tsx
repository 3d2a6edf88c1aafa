import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, setupI18n } from '@/test/utils';
import { ChartsScreen } from './charts-screen';
import { filtersFromParams, parseTypedDate, toRequest, writeFilters } from './filters';
import { structureOrder } from './structure-options';
import { CHARTS, OPTIONS, paramsOf, renderScreen } from './test-fixtures';

vi.mock('./indicator-charts', () => ({ GroupedBars: () => null, PercentBars: () => null }));

const FILTROS = `${PRI}/indicadores/filtros`;
const GRAFICAS = `${PRI}/indicadores/graficas`;

function serve(charts: (call: RecordedCall) => Response = () => jsonResponse(CHARTS)) {
  return mockFetch({ [`GET ${FILTROS}`]: () => jsonResponse(OPTIONS), [`POST ${GRAFICAS}`]: charts });
}

const bodies = (api: ReturnType<typeof mockFetch>) => api.callsTo('POST', GRAFICAS).map((c) => c.body);
const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;

beforeAll(async () => {
  await setupI18n('indicators');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Analista', secciones: ['indicadores.graficas'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the indicators’ filter bar', () => {
  it('asks for the default period and mandatory topics when the address has no filters, and shows that period', async () => {
    const api = serve();
    renderScreen(<ChartsScreen />, '/menu/graficas');
    await waitFor(() => expect(bodies(api)).toEqual([{ solo_obligatorios: true }]));
    await waitFor(() => expect(screen.getByLabelText('Desde')).toHaveValue('01/01/2026'));
    expect(screen.getByLabelText('Hasta')).toHaveValue('29/11/2026');
    expect(screen.getByRole('switch', { name: 'Solo obligatorios' })).toBeChecked();
    expect(await screen.findByText(/^Del 01\/01\/2026 al 31\/03\/2026 · vigencia medida al 29\/11\/2026 · solo temas obligatorios$/)).toBeInTheDocument();
  });

  it('reads every filter from the address, so that a view can be shared or reloaded', async () => {
    const api = serve();
    renderScreen(<ChartsScreen />, '/menu/graficas?cve_estructura=11&cve_planta=2&desde=2026-02-01&hasta=2026-03-31&solo_obligatorios=0');
    await waitFor(() =>
      expect(bodies(api)).toEqual([{ cve_estructura: 11, cve_planta: 2, desde: '2026-02-01', hasta: '2026-03-31', solo_obligatorios: false }]),
    );
    await waitFor(() => expect(combobox('Estructura')).toHaveValue('N3 · Planta Norte'));
    expect(combobox('Planta')).toHaveValue('Apodaca');
    expect(screen.getByLabelText('Desde')).toHaveValue('01/02/2026');
    expect(screen.getByLabelText('Hasta')).toHaveValue('31/03/2026');
    expect(screen.getByRole('switch', { name: 'Solo obligatorios' })).not.toBeChecked();
  });

  it('writes a chosen node, plant and switch into the address and asks again', async () => {
    const api = serve();
    const router = renderScreen(<ChartsScreen />, '/menu/graficas?otro=1');
    await waitFor(() => expect(bodies(api)).toHaveLength(1));

    await userEvent.click(combobox('Estructura'));
    const list = await waitFor(() => document.getElementById(combobox('Estructura').getAttribute('aria-controls') ?? '') as HTMLElement);
    const options = within(list).getAllByRole('option', { hidden: true });
    // Each N2 followed by its own nodes, siblings by name.
    expect(options.map((o) => o.textContent)).toEqual(['N2 · Administración', 'N2 · Operaciones', 'N3 · Planta Norte']);
    await userEvent.click(screen.getByRole('option', { name: 'N2 · Operaciones', hidden: true }));
    await waitFor(() => expect(paramsOf(router).get('cve_estructura')).toBe('10'));
    await waitFor(() => expect(bodies(api).at(-1)).toEqual({ cve_estructura: 10, solo_obligatorios: true }));

    await userEvent.click(combobox('Planta'));
    await userEvent.click(await screen.findByRole('option', { name: 'Monterrey', hidden: true }));
    await userEvent.click(screen.getByRole('switch', { name: 'Solo obligatorios' }));
    await waitFor(() => expect(bodies(api).at(-1)).toEqual({ cve_estructura: 10, cve_planta: 1, solo_obligatorios: false }));
    expect(Object.fromEntries(paramsOf(router))).toEqual({ otro: '1', cve_estructura: '10', cve_planta: '1', solo_obligatorios: '0' });
  });

  it('takes a typed date only once it is a whole day, and keeps it in the address', async () => {
    const api = serve();
    const router = renderScreen(<ChartsScreen />, '/menu/graficas');
    await waitFor(() => expect(bodies(api)).toHaveLength(1));
    const from = screen.getByLabelText('Desde');
    await userEvent.clear(from);
    await userEvent.type(from, '15/02/2026');
    await waitFor(() => expect(paramsOf(router).get('desde')).toBe('2026-02-15'));
    await waitFor(() => expect(bodies(api).at(-1)).toEqual({ desde: '2026-02-15', solo_obligatorios: true }));
    // '1', '15', '15/0'… were no day: only the whole date was asked for.
    expect(bodies(api)).toHaveLength(2);
  });

  it('shows the server’s messages under their fields, and no figures until they are fixed', async () => {
    serve(() =>
      jsonResponse(
        {
          code: 'validacion.campos',
          resp: 'Revisa los datos',
          fields: { hasta: 'La fecha final no puede ser anterior a la inicial', cve_estructura: 'La estructura no existe' },
        },
        400,
      ),
    );
    renderScreen(<ChartsScreen />, '/menu/graficas?desde=2026-05-01&hasta=2026-04-01&cve_estructura=999');
    const to = screen.getByLabelText('Hasta');
    await waitFor(() => expect(to).toHaveAccessibleDescription('La fecha final no puede ser anterior a la inicial'));
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(combobox('Estructura')).toHaveAccessibleDescription('La estructura no existe');
    expect(screen.getByLabelText('Desde')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('indicators-check-filters')).toHaveTextContent('Revisa los filtros marcados');
    expect(screen.queryByTestId('chart-by-month')).not.toBeInTheDocument();
    // No '¡Ups!' dialog: the messages are on the screen.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets a failure of another kind be retried', async () => {
    let fail = true;
    serve(() => (fail ? jsonResponse({ code: 'http.interno', resp: 'Error del servidor' }, 500) : jsonResponse(CHARTS)));
    renderScreen(<ChartsScreen />, '/menu/graficas');
    const card = await screen.findByTestId('chart-by-month');
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Problemas para consultar la información');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(screen.getByTestId('chart-by-modality')).findByText('Presencial')).toBeInTheDocument();
  });
});

describe('the filters in the address', () => {
  it('leave defaults out and keep other params', () => {
    const params = writeFilters(new URLSearchParams('x=1&desde=2026-01-01'), {
      cve_estructura: 5,
      cve_planta: null,
      desde: null,
      hasta: '2026-06-30',
      solo_obligatorios: true,
    });
    expect(params.toString()).toBe('x=1&cve_estructura=5&hasta=2026-06-30');
  });

  it('ignore keys that are not numbers and read the switch', () => {
    const f = filtersFromParams(new URLSearchParams('cve_estructura=abc&cve_planta=0&solo_obligatorios=false&desde=%20'));
    expect(f).toEqual({ cve_estructura: null, cve_planta: null, desde: null, hasta: null, solo_obligatorios: false });
    expect(toRequest(f)).toEqual({ solo_obligatorios: false });
  });

  it('take typed dates as dd/mm/aaaa or aaaa-mm-dd, real days only', () => {
    expect(parseTypedDate('5/3/2026')).toBe('2026-03-05');
    expect(parseTypedDate('2026-03-05')).toBe('2026-03-05');
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('01/03/2')).toBeNull();
  });

  it('list the structure in its order even when a parent is missing', () => {
    const order = structureOrder([...OPTIONS.niveles, { cve_estructura: 30, nivel: 4, nombre: 'Línea 1', cve_padre: 99 }]);
    expect(order.map((o) => o.value)).toEqual(['20', '10', '11', '30']);
  });
});
