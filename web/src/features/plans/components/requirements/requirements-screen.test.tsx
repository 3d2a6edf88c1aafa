import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { RequirementsScreen } from './requirements-screen';

const PREFIX = `${PRI}/plan_capacitacion/plan_formacion`;
const TABLE = `${PREFIX}/consulta_requerimientos/tabla`;

function row(id: number, over: Record<string, unknown> = {}) {
  return {
    id_requerimiento: id,
    abreviatura: 'NOM-002',
    nombre_tema: 'Prevención de incendios',
    nombre_bloque: null,
    destino_tipo: 'puesto',
    destino_nivel: null,
    destino_nombre: 'Operador de Línea de Ensamble',
    obligatoria: 'SI',
    dias_limite: 90,
    habilitado: 'SI',
    alcanzados: 12,
    creado: '2026-11-01T10:00:00Z',
    creado_por: 'Ana',
    ...over,
  };
}

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`POST ${TABLE}`]: (call) => {
      const f = (call.body as { filtersEXT: { habilitado?: number } }).filtersEXT;
      const rows = f.habilitado === 0 ? [row(9, { habilitado: 'NO' })] : [row(1), row(2, { obligatoria: 'NO', dias_limite: null })];
      return jsonResponse({ result: rows, pages: { pages: 1, ultima_page: 1, cantidad_registros: rows.length }, columns_with_selects: [] });
    },
    [`PUT ${PREFIX}/requerimientos/1`]: () => jsonResponse(row(1, { habilitado: 'NO' })),
    [`POST ${PREFIX}/baja_requerimientos`]: () => jsonResponse({ resp: 'Excelente', deshabilitados: 2 }),
    [`GET ${PREFIX}/requerimientos/1/historial`]: () =>
      jsonResponse({
        requerimiento: row(1),
        eventos: [{ id_evento: 5, accion: 'alta', fecha: '2026-11-01T10:00:00Z', actor: 'Ana López', motivo: null, afectados: 12 }],
      }),
    ...extra,
  });
}

function renderScreen() {
  return renderWithProviders(
    <MemoryRouter>
      <PageChromeProvider>
        <RequirementsScreen program="formacion" />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupI18n('plans');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Ana', idperfil: 2, secciones: ['plan.formacion'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('requirements consult screen', () => {
  it('lists the enabled requirements with topic, target and type, and switches views', async () => {
    const api = serve();
    renderScreen();
    expect(await screen.findAllByText('NOM-002 · Prevención de incendios')).toHaveLength(2);
    expect(screen.getAllByText('Puesto: Operador de Línea de Ensamble')).toHaveLength(2);
    expect(screen.getByText('Opcional')).toBeInTheDocument();
    expect(api.callsTo('POST', TABLE)[0]?.body).toMatchObject({ filtersEXT: { habilitado: 1 } });
    await userEvent.click(screen.getByRole('radio', { name: 'Deshabilitados' }));
    await waitFor(() => expect(api.callsTo('POST', TABLE).some((c) => (c.body as { filtersEXT: object }).filtersEXT && 'habilitado' in (c.body as { filtersEXT: object }).filtersEXT && (c.body as { filtersEXT: { habilitado: number } }).filtersEXT.habilitado === 0)).toBe(true));
    expect(await screen.findByText('Deshabilitado', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
  });

  it('disables one requirement only after confirming, with the reason', async () => {
    const api = serve();
    renderScreen();
    await screen.findAllByText('NOM-002 · Prevención de incendios');
    await userEvent.click(screen.getByRole('button', { name: 'Acciones del requerimiento 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deshabilitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deshabilitar requerimiento' });
    expect(api.callsTo('PUT', `${PREFIX}/requerimientos/1`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motivo (opcional)' }), 'Cambio de norma');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deshabilitar' }));
    await waitFor(() => expect(api.callsTo('PUT', `${PREFIX}/requerimientos/1`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${PREFIX}/requerimientos/1`)[0]?.body).toEqual({ habilitado: false, motivo: 'Cambio de norma' });
    expect(await screen.findByText('El requerimiento se deshabilitó')).toBeInTheDocument();
  });

  it('gives "baja" to the selected formation requirements in one call', async () => {
    const api = serve();
    renderScreen();
    const cells = await screen.findAllByRole('cell', { name: 'NOM-002 · Prevención de incendios' });
    for (const cell of cells) await userEvent.click(within(cell.closest('tr') as HTMLElement).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Dar de baja seleccionados' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dar de baja (2)' }));
    await waitFor(() => expect(api.callsTo('POST', `${PREFIX}/baja_requerimientos`)).toHaveLength(1));
    expect(api.callsTo('POST', `${PREFIX}/baja_requerimientos`)[0]?.body).toEqual({ requerimientos: [1, 2] });
    expect(await screen.findByText('Se dieron de baja 2 requerimientos')).toBeInTheDocument();
  });

  it("shows a requirement's events in the history drawer", async () => {
    serve();
    renderScreen();
    await screen.findAllByText('NOM-002 · Prevención de incendios');
    await userEvent.click(screen.getByRole('button', { name: 'Acciones del requerimiento 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Historial' }));
    expect(await screen.findByText('Ana López')).toBeInTheDocument();
    expect(screen.getByText('12 empleados alcanzados')).toBeInTheDocument();
  });

  it('Escape closes the dialogs and the history drawer and puts focus back on what opened them', async () => {
    serve();
    renderScreen();
    await screen.findAllByText('NOM-002 · Prevención de incendios');
    const actions = screen.getByRole('button', { name: 'Acciones del requerimiento 1' });
    await userEvent.click(actions);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deshabilitar' }));
    await screen.findByRole('dialog', { name: 'Deshabilitar requerimiento' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Acciones del requerimiento 1' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Acciones del requerimiento 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Historial' }));
    await screen.findByText('Ana López');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Acciones del requerimiento 1' })).toHaveFocus());

    const cells = screen.getAllByRole('cell', { name: 'NOM-002 · Prevención de incendios' });
    await userEvent.click(within(cells[0]?.closest('tr') as HTMLElement).getByRole('checkbox'));
    const bulk = screen.getByRole('button', { name: 'Dar de baja seleccionados' });
    await userEvent.click(bulk);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(bulk).toHaveFocus());
  });
});
