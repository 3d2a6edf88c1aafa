import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { EmployeesScreen } from './employees-screen';
import { canReleaseSession } from './release-session';

const ROWS = [
  {
    cve_empleado: 10,
    num_empleado: 'A10',
    nombre_empleado: 'Marta Ruiz',
    curp: 'RUMM800101MDFZRR01',
    rfc_empleado: 'RUMM800101AB1',
    correo_empleado: 'marta@acme.mx',
    puesto: 'Operadora',
    n4: 'ACME',
    planta: 'Norte',
    fecha_ingreso: '2024-02-01',
    activo: 'SI',
    sesion_activa: 1,
  },
];

function serve() {
  return mockFetch({
    [`POST ${PRI}/catalogos/empleados`]: (call: RecordedCall) =>
      jsonResponse({
        result: ROWS,
        pages: { pages: 1, ultima_page: 1, cantidad_registros: 1 },
        columns_with_selects: [],
        vista: (call.body as { filtersEXT: { vista: string } }).filtersEXT.vista,
      }),
    [`DELETE ${PRI}/usuarios/sesiones/eliminar/10/web`]: () => jsonResponse({ resp: 'Excelente' }),
    [`POST ${PRI}/catalogos/empleados/favoritos/10`]: () => jsonResponse({ resp: 'Excelente' }),
  });
}

function signIn(secciones: string[], extra: Partial<User> = {}) {
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Admin',
    idperfil: 1,
    secciones,
    ...extra,
  });
}

beforeAll(async () => {
  await setupI18n('employees');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
});
afterEach(() => vi.unstubAllGlobals());

describe('session release permission', () => {
  const row = { cve_empleado: 10, sesion_activa: 1 };
  it('needs usuarios.liberar_sesion and an open session of someone else', () => {
    const admin = { cve_empleado: 1, nombre_empleado: 'A', idperfil: 1, secciones: ['usuarios.liberar_sesion'] };
    expect(canReleaseSession(admin, row)).toBe(true);
    expect(canReleaseSession({ ...admin, secciones: [] }, row)).toBe(false);
    expect(canReleaseSession(admin, { ...row, sesion_activa: 0 })).toBe(false);
    expect(canReleaseSession({ ...admin, cve_empleado: 10 }, row)).toBe(false);
  });

  it('lets Rep. Empresa release only subordinates', () => {
    const rep = { cve_empleado: 2, nombre_empleado: 'R', idperfil: 6, secciones: ['usuarios.liberar_sesion'] };
    expect(canReleaseSession(rep, row)).toBe(false);
    expect(canReleaseSession({ ...rep, subordinados: [{ cve_empleado: 10, nombre_empleado: 'M' }] }, row)).toBe(true);
  });
});

describe('EmployeesScreen', () => {
  it('switches views through filtersEXT.vista', async () => {
    signIn(['catalogos.empleados']);
    const api = serve();
    renderWithProviders(
      <PageChromeProvider>
        <EmployeesScreen />
      </PageChromeProvider>,
    );
    expect(await screen.findByText('Marta Ruiz')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/catalogos/empleados`)[0]?.body).toMatchObject({ filtersEXT: { vista: 'todos' }, page: 1 });
    await userEvent.click(screen.getByRole('tab', { name: 'Nuevos ingresos' }));
    await screen.findByText('Marta Ruiz');
    const last = api.callsTo('POST', `${PRI}/catalogos/empleados`).at(-1)?.body as Record<string, unknown>;
    // The server decides what "new" means (the last 30 days): no date range is sent.
    expect(last).toMatchObject({ filtersEXT: { vista: 'nuevos' }, page: 1 });
    expect(last).not.toHaveProperty('fecha_inicial');
  });

  it("offers 'Liberar sesión' only with the permission, and confirms with the spec message", async () => {
    signIn(['catalogos.empleados', 'usuarios.liberar_sesion']);
    const api = serve();
    renderWithProviders(
      <PageChromeProvider>
        <EmployeesScreen />
      </PageChromeProvider>,
    );
    const row = (await screen.findByText('Marta Ruiz')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Acciones para Marta Ruiz' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Liberar sesión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Liberar sesión' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Liberar sesión' }));
    expect(await screen.findByText('Sesión liberada con exito!')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${PRI}/usuarios/sesiones/eliminar/10/web`)).toHaveLength(1);
  });

  it('hides the session release without usuarios.liberar_sesion', async () => {
    signIn(['catalogos.empleados']);
    serve();
    renderWithProviders(
      <PageChromeProvider>
        <EmployeesScreen />
      </PageChromeProvider>,
    );
    const row = (await screen.findByText('Marta Ruiz')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Acciones para Marta Ruiz' }));
    expect(await screen.findByRole('menuitem', { name: 'Ver detalle' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Liberar sesión', hidden: true })).not.toBeInTheDocument();
  });

  it('stars a favourite with POST favoritos/{cve}', async () => {
    signIn(['catalogos.empleados']);
    const api = serve();
    renderWithProviders(
      <PageChromeProvider>
        <EmployeesScreen />
      </PageChromeProvider>,
    );
    const row = (await screen.findByText('Marta Ruiz')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Agregar a favoritos' }));
    expect(api.callsTo('POST', `${PRI}/catalogos/empleados/favoritos/10`)).toHaveLength(1);
    expect(within(row).getByRole('button', { name: 'Quitar de favoritos' })).toHaveAttribute('aria-pressed', 'true');
  });
});
