import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { PopulationScreen } from './population-screen';

const URL = `${PRI}/catalogos/control_poblacion/tabla`;
const EMP = `${PRI}/catalogos/control_poblacion/empleados/tabla`;
const page = (rows: unknown[]) => jsonResponse({ result: rows, pages: { pages: 1, ultima_page: 1, cantidad_registros: rows.length }, columns_with_selects: [] });
const node = (cve: number, nombre: string, porcentaje: number) => ({ cve, nombre, plantilla: 10, con_plan: 9, capacitados: 8, cumplen: 5, con_vencidos: 1, requeridos: 40, acreditados: 30, porcentaje });

beforeAll(async () => {
  await setupI18n('plans');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Ana', idperfil: 2, secciones: ['catalogos.control_poblacion'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('population control', () => {
  it('drills N2 → N3 by clicking a row, goes back by the breadcrumb, and lists a node’s employees', async () => {
    const api = mockFetch({
      [`POST ${URL}`]: (call: RecordedCall) => {
        const f = (call.body as { filtersEXT: { nivel: number | string; padre?: number } }).filtersEXT;
        if (f.nivel === 2) return page([node(1, 'Grupo Industrial', 62.5)]);
        if (f.nivel === 3 && f.padre === 1) return page([node(11, 'División Norte', 75)]);
        if (f.nivel === 'planta') return page([node(101, 'Planta Norte', 45)]);
        return page([]);
      },
      [`POST ${EMP}`]: () => page([{ num_empleado: 'A1', nombre_empleado: 'Pat Díaz', puesto: 'Operador', planta: 'Norte', requeridos: 4, acreditados: 2, vencidos: 1, porcentaje: 50 }]),
    });
    renderWithProviders(
      <PageChromeProvider>
        <PopulationScreen />
      </PageChromeProvider>,
    );
    expect(await screen.findByText('62.5 %')).toBeInTheDocument();
    // Compliance comes right after the name and the headcount (visible at 1366 px without scrolling).
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers.indexOf('Cumplimiento')).toBe(headers.indexOf('Plantilla') + 1);
    expect(headers.indexOf('Plantilla')).toBe(headers.indexOf('Nombre') + 1);
    await userEvent.click(screen.getByRole('cell', { name: 'Grupo Industrial' }));
    expect(await screen.findByText('75 %')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grupo Industrial' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Toda la organización' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Plantas' }));
    expect(await screen.findByText('45 %')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Acciones de Planta Norte' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ver empleados' }));
    const cell = await screen.findByRole('cell', { name: 'Pat Díaz' });
    const empHeaders = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(empHeaders.indexOf('Cumplimiento')).toBe(empHeaders.indexOf('Empleado') + 1);
    expect(within(cell.closest('tr') as HTMLElement).getByText('50 %')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', EMP)[0]?.body).toMatchObject({ filtersEXT: { nivel: 'planta', cve: 101 } }));
  });
});
