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
import type { ReporteGuardado } from '../api/types';
import { SavedReportsScreen } from './saved-screen';
import { PROFILES, renderAt, resultOf, savedReport } from './test-fixtures';

const GUARDADOS = `${PRI}/reportes/guardados`;
const PERFILES = `${PRI}/perfiles/secciones/perfiles`;
const TOKEN = fakeJwt({ cve_empleado: 2, kind: 'sesion' });

const MINE = savedReport({
  programacion: {
    frecuencia: 'semanal',
    dia: 1,
    formato: 'xlsx',
    destinatarios: [
      { cve_empleado: 10, nombre_empleado: 'Jorge Salinas Cantú', correo_empleado: 'supervisor@sierramadre.mx' },
      { cve_empleado: 11, nombre_empleado: 'Laura Méndez Garza', correo_empleado: 'admin@sierramadre.mx' },
    ],
    proximo_envio: '2026-11-30',
  },
});
const SHARED = savedReport({
  id_reporte: 8,
  nombre: 'Cumplimiento NOM-035 por planta',
  descripcion: '',
  fuente: 'plan',
  fuente_nombre: 'Requerimientos y planes',
  perfiles: [1, 2, 3],
  propio: false,
  puede_editar: false,
  creado_por_nombre: 'Laura Méndez Garza',
});

/** Signs in with the given sections (the Analista's by default). */
function signIn(secciones = ['reportes.reporteador', 'reportes.guardados']) {
  setSession(TOKEN, { cve_empleado: 2, nombre_empleado: 'Carlos Ruiz Treviño', secciones });
}

function api(list: ReporteGuardado[], overrides: Record<string, (call: RecordedCall) => Response | Promise<Response>> = {}) {
  return mockFetch({
    [`GET ${GUARDADOS}`]: () => jsonResponse(list),
    [`GET ${PERFILES}`]: () => jsonResponse(PROFILES),
    ...overrides,
  });
}

const item = (name: string) => screen.getAllByTestId('saved-report').find((li) => within(li).queryByRole('heading', { name })) as HTMLElement;

beforeAll(async () => {
  await setupI18n('report-builder');
});
beforeEach(() => {
  clearAlerts();
  notifications.clean();
  resetLogoutState();
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Reportes guardados', () => {
  it('lists the layouts with their source, author, profiles and schedule', async () => {
    api([MINE, SHARED]);
    renderAt(<SavedReportsScreen />, '/menu/reportes_guardados');
    expect(await screen.findByText('2 reportes')).toBeInTheDocument();
    const mine = item('Plantilla por planta');
    expect(mine).toHaveTextContent('Empleados');
    expect(mine).toHaveTextContent('Tuyo');
    expect(mine).toHaveTextContent('Creado por Carlos Ruiz Treviño · actualizado el 20/11/2026');
    await waitFor(() => expect(within(mine).getByTestId('saved-report-profiles')).toHaveTextContent('Compartido con: Supervisor'));
    expect(within(mine).getByTestId('saved-report-schedule')).toHaveTextContent('Cada lunes · Excel (.xlsx) · 2 destinatarios · próximo envío 30/11/2026');
    const shared = item('Cumplimiento NOM-035 por planta');
    expect(shared).toHaveTextContent('Requerimientos y planes');
    expect(shared).not.toHaveTextContent('Tuyo');
    expect(within(shared).getByTestId('saved-report-profiles')).toHaveTextContent('Compartido con: Administrador, Analista, Supervisor');
    expect(within(shared).queryByTestId('saved-report-schedule')).not.toBeInTheDocument();
  });

  it('offers editing, scheduling and deleting only on the layouts one may edit', async () => {
    api([MINE, SHARED]);
    const router = renderAt(<SavedReportsScreen />, '/menu/reportes_guardados');
    await screen.findByText('2 reportes');
    expect(within(item('Cumplimiento NOM-035 por planta')).queryByRole('button', { name: /Más acciones/ })).not.toBeInTheDocument();
    expect(within(item('Cumplimiento NOM-035 por planta')).getByRole('button', { name: 'Ejecutar Cumplimiento NOM-035 por planta' })).toBeInTheDocument();
    await userEvent.click(within(item('Plantilla por planta')).getByRole('button', { name: 'Más acciones de Plantilla por planta' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Editar', 'Programar envío', 'Eliminar']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Editar' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/menu/reporteador?id=7');
  });

  it('a Supervisor (no builder section) only runs the layouts: no other action, no new report', async () => {
    signIn(['reportes.guardados']);
    api([{ ...MINE, propio: false, puede_editar: true }]);
    renderAt(<SavedReportsScreen />, '/menu/reportes_guardados');
    await screen.findByText('1 reporte');
    expect(screen.queryByRole('button', { name: /Más acciones/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ejecutar Plantilla por planta' })).toBeInTheDocument();
  });

  it('says when there is nothing to run, and offers the builder to whoever has it', async () => {
    api([]);
    const router = renderAt(<SavedReportsScreen />, '/menu/reportes_guardados');
    expect(await screen.findByText('No hay reportes guardados')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Armar un reporte' }));
    expect(router.state.location.pathname).toBe('/menu/reporteador');
  });

  it('shows no builder to a profile without it', async () => {
    signIn(['reportes.guardados']);
    api([]);
    renderAt(<SavedReportsScreen />, '/menu/reportes_guardados');
    expect(await screen.findByText('Cuando alguien comparta un reporte con tu perfil aparecerá aquí.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Armar un reporte' })).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, and the failure with a retry', async () => {
    let fail = true;
    api([], { [`GET ${GUARDADOS}`]: () => (fail ? jsonResponse({ code: 'http.interno', resp: 'Error del servidor' }, 500) : jsonResponse([MINE])) });
    renderAt(<SavedReportsScreen />, '/menu/reportes_guardados');
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Problemas para consultar los reportes guardados');
    expect(alert).toHaveTextContent('Error del servidor');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('1 reporte')).toBeInTheDocument();
  });

  it('runs a layout: its rows a page at a time with the grand totals, and back to the list', async () => {
    const fetches = api([MINE, SHARED], {
      [`POST ${GUARDADOS}/8/ejecutar`]: (call) => {
        const { page } = call.body as { page: number };
        return jsonResponse(
          resultOf(
            [
              { clave: 'planta', titulo: 'Planta', tipo: 'texto' },
              { clave: 'registros', titulo: 'Registros', tipo: 'entero' },
              { clave: 'porcentaje_acreditado', titulo: '% de Acreditado vigente', tipo: 'decimal' },
            ],
            [[`Planta ${page}`, 17, 52.94]],
            {
              totales: [{ columna: 'acreditado', funcion: 'porcentaje', titulo: '% de Acreditado vigente', valor: 73.33 }],
              pages: { pages: 2, ultima_page: 2, cantidad_registros: 25 },
            },
          ),
        );
      },
    });
    const router = renderAt(<SavedReportsScreen />, '/menu/reportes_guardados');
    await userEvent.click(await screen.findByRole('button', { name: 'Ejecutar Cumplimiento NOM-035 por planta' }));
    expect(router.state.location.search).toBe('?ejecutar=8');
    const table = await screen.findByRole('table', { name: 'Resultado de Cumplimiento NOM-035 por planta' });
    expect(screen.getByRole('heading', { name: 'Cumplimiento NOM-035 por planta' })).toHaveFocus();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Planta 1');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('52.9 %');
    expect(screen.getByTestId('report-total')).toHaveTextContent('73.3 %');
    expect(fetches.callsTo('POST', `${GUARDADOS}/8/ejecutar`)[0]?.body).toEqual({ page: 1, cantPP: 20 });
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Planta 2'));
    await userEvent.click(screen.getByRole('button', { name: 'Volver a los reportes' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('2 reportes')).toBeInTheDocument();
  });

  it('exports a run at once up to 10,000 rows, in the background above', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: vi.fn(() => 'blob:1'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let count = 9_000;
    const fetches = api([MINE], {
      [`POST ${GUARDADOS}/7/ejecutar`]: () =>
        jsonResponse(resultOf([{ clave: 'nombre', titulo: 'Nombre', tipo: 'texto' }], [['Luis']], { pages: { pages: 450, ultima_page: 450, cantidad_registros: count } })),
      [`POST ${GUARDADOS}/7/exportar`]: () => new Response('PK'),
      [`POST ${GUARDADOS}/7/exportacion`]: () => jsonResponse({ resp: 'Excelente', id_exportacion: 40 }, 202),
    });
    renderAt(<SavedReportsScreen />, '/menu/reportes_guardados?ejecutar=7');
    await screen.findByRole('table', { name: 'Resultado de Plantilla por planta' });
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF (.pdf)' }));
    await waitFor(() => expect(saved).toEqual(['plantilla_por_planta.pdf']));
    expect(fetches.callsTo('POST', `${GUARDADOS}/7/exportar`)[0]?.body).toEqual({ formato: 'pdf' });

    count = 25_000;
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(fetches.callsTo('POST', `${GUARDADOS}/7/ejecutar`)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Exportar' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(fetches.callsTo('POST', `${GUARDADOS}/7/exportacion`)[0]?.body).toEqual({ formato: 'xlsx' }));
    expect(await screen.findByRole('link', { name: 'Ver Mis exportaciones' })).toHaveAttribute('href', '/menu/mis_exportaciones');
    expect(fetches.callsTo('POST', `${GUARDADOS}/7/exportar`)).toHaveLength(1);
  });

  it('says when the layout to run is not there (no longer shared)', async () => {
    api([MINE]);
    renderAt(<SavedReportsScreen />, '/menu/reportes_guardados?ejecutar=99');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Reporte no encontrado');
    expect(alert).toHaveTextContent('El reporte ya no existe o dejó de estar compartido con tu perfil.');
  });

  it('deletes a layout after confirming, and keeps it when the server refuses', async () => {
    let list = [MINE, SHARED];
    let refuse = true;
    const fetches = api([], {
      [`GET ${GUARDADOS}`]: () => jsonResponse(list),
      [`DELETE ${GUARDADOS}/7`]: () => {
        if (refuse) return jsonResponse({ code: 'reportes.solo_autor', resp: 'Solo su autor puede eliminar el reporte' }, 403);
        list = [SHARED];
        return jsonResponse({ resp: 'Excelente' });
      },
    });
    renderAt(<SavedReportsScreen />, '/menu/reportes_guardados');
    await screen.findByText('2 reportes');
    const remove = async () => {
      await userEvent.click(within(item('Plantilla por planta')).getByRole('button', { name: 'Más acciones de Plantilla por planta' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Eliminar reporte' });
      expect(dialog).toHaveTextContent('Se eliminará el reporte «Plantilla por planta» con su envío programado');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
      return dialog;
    };
    const dialog = await remove();
    expect(await screen.findByText('Solo su autor puede eliminar el reporte')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    refuse = false;
    await remove();
    await waitFor(() => expect(fetches.callsTo('DELETE', `${GUARDADOS}/7`)).toHaveLength(2));
    expect(await screen.findByText('1 reporte')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Plantilla por planta' })).not.toBeInTheDocument();
  });
  it('opens a layout’s schedule from its menu and shows the list again once it changed', async () => {
    let list = [MINE];
    const fetches = api([], {
      [`GET ${GUARDADOS}`]: () => jsonResponse(list),
      [`DELETE ${GUARDADOS}/7/programacion`]: () => {
        list = [{ ...MINE, programacion: null }];
        return jsonResponse({ resp: 'Excelente' });
      },
    });
    renderAt(<SavedReportsScreen />, '/menu/reportes_guardados');
    await screen.findByTestId('saved-report-schedule');
    await userEvent.click(screen.getByRole('button', { name: 'Más acciones de Plantilla por planta' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Programar envío' }));
    const dialog = await screen.findByRole('dialog', { name: 'Programar envío de «Plantilla por planta»' });
    expect(within(dialog).getByTestId('schedule-next')).toHaveTextContent('Próximo envío: lunes, 30 de noviembre de 2026');
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Jorge Salinas Cantú', 'Laura Méndez Garza']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar programación' }));
    await waitFor(() => expect(screen.queryByTestId('saved-report-schedule')).not.toBeInTheDocument());
    expect(fetches.callsTo('DELETE', `${GUARDADOS}/7/programacion`)).toHaveLength(1);
  });
});
