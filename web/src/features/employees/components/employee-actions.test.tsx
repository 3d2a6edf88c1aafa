import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider, usePageChromeShape } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { EmployeesScreen } from './employees-screen';

const MARTA = {
  cve_empleado: 10,
  num_empleado: 'A10',
  nombre_empleado: 'Marta Ruiz',
  curp: 'RUMM800101MDFZRR01',
  rfc_empleado: null,
  correo_empleado: 'marta@acme.mx',
  puesto: 'Operadora',
  n4: 'ACME',
  planta: 'Norte',
  fecha_ingreso: '2024-02-01',
  activo: 1,
  baja_logica: 0,
  acceso: 1,
  sesion_activa: 0,
};
const LUIS = { ...MARTA, cve_empleado: 11, num_empleado: 'A11', nombre_empleado: 'Luis Baja', baja_logica: 1, acceso: 0 };
const ANA = { ...MARTA, cve_empleado: 12, num_empleado: 'A12', nombre_empleado: 'Ana Sin Acceso', acceso: 0 };

function table(rows: unknown[]) {
  return () =>
    jsonResponse({ result: rows, pages: { pages: 1, ultima_page: 1, cantidad_registros: rows.length }, columns_with_selects: [] });
}

function signIn(secciones: string[]) {
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Admin', idperfil: 1, secciones });
}

/** Stands in for the shell's action bar: the screen's "new" button. */
function NewButton() {
  const { shape, handlers } = usePageChromeShape();
  if (!shape.create) return null;
  return (
    <button type="button" onClick={() => void handlers.current.onNew?.()}>
      {shape.newLabel}
    </button>
  );
}

function renderScreen() {
  return renderWithProviders(
    <PageChromeProvider>
      <NewButton />
      <EmployeesScreen />
    </PageChromeProvider>,
  );
}

async function rowOf(name: string): Promise<HTMLElement> {
  return (await screen.findByText(name)).closest('tr') as HTMLElement;
}

/**
 * The items of a row's menu. Mantine hides a dropdown whose anchor looks detached, and in
 * jsdom every element measures 0×0, so the items are read including hidden ones.
 */
async function openMenu(name: string): Promise<string[]> {
  const row = await rowOf(name);
  await userEvent.click(within(row).getByRole('button', { name: `Acciones para ${name}` }));
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent ?? '');
}

async function menuItem(name: string, item: string) {
  await openMenu(name);
  return screen.findByRole('menuitem', { name: item, hidden: true });
}

beforeAll(async () => {
  await setupI18n('employees');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
});
afterEach(() => vi.unstubAllGlobals());

describe('employees: permissions of the new actions', () => {
  it("offers 'Nuevo empleado' and 'Editar' only with catalogos.empleados.editar", async () => {
    signIn(['catalogos.empleados']);
    mockFetch({ [`POST ${PRI}/catalogos/empleados`]: table([MARTA]) });
    renderScreen();
    const row = await rowOf('Marta Ruiz');
    expect(screen.queryByRole('button', { name: 'Nuevo empleado' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Editar a Marta Ruiz' })).not.toBeInTheDocument();
    expect(await openMenu('Marta Ruiz')).toEqual(['Ver detalle', 'Ausencias']);
  });

  it('lists every action for an editor who also manages access', async () => {
    signIn(['catalogos.empleados', 'catalogos.empleados.editar', 'configuracion.restablecer_contrasena']);
    mockFetch({ [`POST ${PRI}/catalogos/empleados`]: table([MARTA]) });
    renderScreen();
    expect(within(await rowOf('Marta Ruiz')).getByRole('button', { name: 'Editar a Marta Ruiz' })).toBeInTheDocument();
    expect(await openMenu('Marta Ruiz')).toEqual([
      'Ver detalle',
      'Editar',
      'Cambiar foto',
      'Ausencias',
      'Desactivar acceso',
      'Restablecer contraseña',
      'Dar de baja',
    ]);
  });

  it("opens the new-employee form from the shell's action", async () => {
    signIn(['catalogos.empleados', 'catalogos.empleados.editar']);
    mockFetch({ [`POST ${PRI}/catalogos/empleados`]: table([MARTA]) });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo empleado' }));
    expect(await screen.findByRole('dialog', { name: 'Nuevo empleado' })).toBeInTheDocument();
  });
});

describe('employees: status and access', () => {
  it("shows baja employees as 'Baja' and access as 'Activo' / 'Sin Acceso'", async () => {
    signIn(['catalogos.empleados']);
    mockFetch({ [`POST ${PRI}/catalogos/empleados`]: table([MARTA, LUIS, ANA]) });
    renderScreen();
    const marta = await rowOf('Marta Ruiz');
    expect(within(marta).getAllByText('Activo')).toHaveLength(2);
    const luis = await rowOf('Luis Baja');
    expect(within(luis).getByText('Baja')).toBeInTheDocument();
    expect(within(luis).getByText('Sin Acceso')).toBeInTheDocument();
    const ana = await rowOf('Ana Sin Acceso');
    expect(within(ana).getByText('Sin Acceso')).toBeInTheDocument();
  });

  it('gives the baja lógica after confirming, then reloads the table', async () => {
    signIn(['catalogos.empleados', 'catalogos.empleados.editar']);
    const api = mockFetch({
      [`POST ${PRI}/catalogos/empleados`]: table([MARTA]),
      [`POST ${PRI}/catalogos/empleados/10/baja`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    renderScreen();
    await userEvent.click(await menuItem('Marta Ruiz', 'Dar de baja'));
    const dialog = await screen.findByRole('dialog', { name: 'Dar de baja' });
    expect(dialog).toHaveTextContent('¿Dar de baja a Marta Ruiz?');
    const loads = api.callsTo('POST', `${PRI}/catalogos/empleados`).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    expect(await screen.findByText('Empleado dado de baja')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/catalogos/empleados/10/baja`)[0]?.body).toEqual({ baja_logica: 1 });
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/catalogos/empleados`).length).toBeGreaterThan(loads));
  });

  it('reactivates a baja employee with baja_logica 0', async () => {
    signIn(['catalogos.empleados', 'catalogos.empleados.editar']);
    const api = mockFetch({
      [`POST ${PRI}/catalogos/empleados`]: table([LUIS]),
      [`POST ${PRI}/catalogos/empleados/11/baja`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    renderScreen();
    await userEvent.click(await menuItem('Luis Baja', 'Reactivar'));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivar empleado' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reactivar' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/catalogos/empleados/11/baja`)[0]?.body).toEqual({ baja_logica: 0 }));
  });

  it("keeps the dialog open with the server's message when the change is refused", async () => {
    signIn(['catalogos.empleados', 'catalogos.empleados.editar']);
    mockFetch({
      [`POST ${PRI}/catalogos/empleados`]: table([MARTA]),
      [`POST ${PRI}/catalogos/empleados/10/baja`]: () =>
        jsonResponse({ resp: 'No tienes permiso sobre este empleado', code: 'auth.fuera_de_alcance' }, 403),
    });
    renderScreen();
    await userEvent.click(await menuItem('Marta Ruiz', 'Dar de baja'));
    const dialog = await screen.findByRole('dialog', { name: 'Dar de baja' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No tienes permiso sobre este empleado');
  });

  it("switches access off and on with PUT usuarios/{cve}/acceso (configuracion.restablecer_contrasena)", async () => {
    signIn(['catalogos.empleados', 'configuracion.restablecer_contrasena']);
    const api = mockFetch({
      [`POST ${PRI}/catalogos/empleados`]: table([MARTA, ANA]),
      [`PUT ${PRI}/usuarios/10/acceso`]: () => jsonResponse({ resp: 'Excelente' }),
      [`PUT ${PRI}/usuarios/12/acceso`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    renderScreen();
    await userEvent.click(await menuItem('Marta Ruiz', 'Desactivar acceso'));
    let dialog = await screen.findByRole('dialog', { name: 'Desactivar acceso' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desactivar acceso' }));
    await waitFor(() => expect(api.callsTo('PUT', `${PRI}/usuarios/10/acceso`)[0]?.body).toEqual({ acceso: 0 }));
    expect(await screen.findByText('Acceso desactivado')).toBeInTheDocument();

    await userEvent.click(await menuItem('Ana Sin Acceso', 'Activar acceso'));
    dialog = await screen.findByRole('dialog', { name: 'Activar acceso' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activar acceso' }));
    await waitFor(() => expect(api.callsTo('PUT', `${PRI}/usuarios/12/acceso`)[0]?.body).toEqual({ acceso: 1 }));
  });

  it('resets a password only once it meets every rule, sending {cve_empleado, password}', async () => {
    signIn(['catalogos.empleados', 'configuracion.restablecer_contrasena']);
    const api = mockFetch({
      [`POST ${PRI}/catalogos/empleados`]: table([MARTA]),
      [`POST ${PRI}/usuarios/restablecerUsuario`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    renderScreen();
    await userEvent.click(await menuItem('Marta Ruiz', 'Restablecer contraseña'));
    const dialog = await screen.findByRole('dialog', { name: 'Restablecer contraseña' });
    const submit = within(dialog).getByRole('button', { name: 'Restablecer' });
    await userEvent.type(within(dialog).getByLabelText(/^Nueva contraseña/), 'segura1!');
    await userEvent.type(within(dialog).getByLabelText(/^Repite la contraseña/), 'segura1!');
    // One digit and no upper case: still disabled.
    expect(submit).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText(/^Nueva contraseña/));
    await userEvent.clear(within(dialog).getByLabelText(/^Repite la contraseña/));
    await userEvent.type(within(dialog).getByLabelText(/^Nueva contraseña/), 'Segura#2025');
    await userEvent.type(within(dialog).getByLabelText(/^Repite la contraseña/), 'Segura#2025');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await screen.findByText('Usuario actualizado')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/usuarios/restablecerUsuario`)[0]?.body).toEqual({ cve_empleado: 10, password: 'Segura#2025' });
  });

  it('never offers access changes or the baja over the signed-in user', async () => {
    signIn(['catalogos.empleados', 'catalogos.empleados.editar', 'configuracion.restablecer_contrasena']);
    mockFetch({ [`POST ${PRI}/catalogos/empleados`]: table([{ ...MARTA, cve_empleado: 1, nombre_empleado: 'Admin' }]) });
    renderScreen();
    expect(await openMenu('Admin')).toEqual(['Ver detalle', 'Editar', 'Cambiar foto', 'Ausencias']);
  });
});

describe('employees: detail drawer', () => {
  it('shows the detail with names looked up from ids, and opens the edit form from it', async () => {
    signIn(['catalogos.empleados', 'catalogos.empleados.editar']);
    mockFetch({
      [`POST ${PRI}/catalogos/empleados`]: table([MARTA]),
      [`GET ${PRI}/catalogos/empleados/10`]: () =>
        jsonResponse({
          ...MARTA,
          telefono: '8112345678',
          genero: 'M',
          n2: 1,
          n3: 2,
          n4: 3,
          cve_estado: 19,
          cve_pais: 1,
          tipo_empleado: 'Sindicalizado',
          ocupacion: '06.2',
          nombre_supervisor: 'Luis Pérez',
          perfiles: [
            { idperfil: 8, perfil: 'Participante', predeterminado: 1 },
            { idperfil: 3, perfil: 'Supervisor', predeterminado: 0 },
          ],
          ausencias: [{ id_ausencia: 1, fecha_inicio: '2025-01-06', fecha_fin: '2025-01-10', motivo: 'Vacaciones' }],
        }),
      [`GET ${PRI}/catalogos/estructura/opciones`]: (call: RecordedCall) => {
        const q = new URL(call.url, 'http://test').searchParams;
        const byLevel: Record<string, unknown[]> = {
          '2': [{ value: 1, label: 'Industria' }],
          '3': [{ value: 2, label: 'Manufactura' }],
          '4': [{ value: 3, label: 'ACME' }],
        };
        return jsonResponse(byLevel[q.get('nivel') ?? ''] ?? []);
      },
      [`GET ${PRI}/catalogos/estados`]: () => jsonResponse([{ cve_estado: 19, estado: 'Nuevo León' }]),
      [`GET ${PRI}/catalogos/ocupaciones`]: () =>
        jsonResponse([{ clave: '06', nombre: 'Industria', subareas: [{ clave: '06.2', nombre: 'Industria química' }] }]),
    });
    renderScreen();
    await userEvent.click(await menuItem('Marta Ruiz', 'Ver detalle'));
    const drawer = await screen.findByRole('dialog', { name: 'Detalle del empleado' });
    expect(await within(drawer).findByText('Manufactura')).toBeInTheDocument();
    expect(await within(drawer).findByText('Nuevo León')).toBeInTheDocument();
    expect(await within(drawer).findByText('06.2 Industria química')).toBeInTheDocument();
    expect(within(drawer).getByText('Luis Pérez')).toBeInTheDocument();
    expect(within(drawer).getByText('Sindicalizado')).toBeInTheDocument();
    expect(within(drawer).getByText('Participante (predeterminado), Supervisor')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Editar' }));
    expect(await screen.findByRole('dialog', { name: 'Editar empleado' })).toBeInTheDocument();
  });
});
