import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider, usePageChromeShape } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { OrgScreen } from './org-screen';
import { PositionFormModal } from './position-form-modal';

const TABLE = (result: unknown[]) =>
  jsonResponse({ result, pages: { pages: 1, ultima_page: 1, cantidad_registros: result.length }, columns_with_selects: [] });

const NODES = [
  { cve_estructura: 4, nivel: 4, nombre: 'ACME', padre: 'Industria', cve_padre: 3, activo: 1 },
  { cve_estructura: 2, nivel: 2, nombre: 'Industria', padre: null, cve_padre: null, activo: 1 },
];

function signIn() {
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Admin',
    idperfil: 1,
    secciones: ['catalogos.estructura_puestos'],
  });
}

async function pickStructure(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /^Estructura/ }));
  await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

beforeAll(async () => {
  await setupI18n('org');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('create position form', () => {
  it('requires the position name and the structure before calling the server', async () => {
    const api = mockFetch({ [`POST ${PRI}/catalogos/estructura/tabla`]: () => TABLE(NODES) });
    renderWithProviders(<PositionFormModal opened onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Crear puesto' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(api.callsTo('POST', `${PRI}/catalogos/estructura_puestos/crear`)).toHaveLength(0);
  });

  it("shows the server's 409 in the form without ending the session", async () => {
    const api = mockFetch({
      [`POST ${PRI}/catalogos/estructura/tabla`]: () => TABLE(NODES),
      [`POST ${PRI}/catalogos/estructura_puestos/crear`]: () =>
        jsonResponse({ resp: 'Ya existe un puesto con ese nombre en la estructura', code: 'duplicado.puesto' }, 409),
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<PositionFormModal opened onClose={onClose} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Crear puesto' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Puesto/ }), 'Operador');
    await pickStructure('ACME (N4 Empresa)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya existe un puesto con ese nombre en la estructura');
    expect(api.callsTo('POST', `${PRI}/catalogos/estructura_puestos/crear`)[0]?.body).toEqual({
      puesto: 'Operador',
      cve_estructura: 4,
      descripcion: '',
    });
    expect(screen.queryByText('Cambio de plan')).not.toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts validacion.datos fields next to their inputs', async () => {
    mockFetch({
      [`POST ${PRI}/catalogos/estructura/tabla`]: () => TABLE(NODES),
      [`POST ${PRI}/catalogos/estructura_puestos/crear`]: () =>
        jsonResponse(
          { resp: 'Favor de revisar los datos capturados', code: 'validacion.datos', fields: { puesto: 'Nombre no permitido' } },
          400,
        ),
    });
    renderWithProviders(<PositionFormModal opened onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Crear puesto' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Puesto/ }), 'Operador');
    await pickStructure('Industria (N2 Segmento)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Nombre no permitido')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

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

describe('positions tab', () => {
  it("opts into the shell's 'Crear puesto' action; a save toasts 'Excelente', closes and refreshes the table", async () => {
    const api = mockFetch({
      [`POST ${PRI}/catalogos/estructura/tabla`]: () => TABLE(NODES),
      [`POST ${PRI}/catalogos/estructura_puestos`]: () =>
        TABLE([{ cve_puesto: 7, puesto: 'Supervisor', estructura: 'ACME', nivel: 4, descripcion: null, empleados: 3, activo: 1 }]),
      [`POST ${PRI}/catalogos/estructura_puestos/crear`]: () => jsonResponse({ resp: 'Excelente', cve_puesto: 8 }),
    });
    renderWithProviders(
      <PageChromeProvider>
        <NewButton />
        <OrgScreen />
      </PageChromeProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Nuevo elemento' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Puestos' }));
    expect(await screen.findByText('Supervisor')).toBeInTheDocument();
    const loads = api.callsTo('POST', `${PRI}/catalogos/estructura_puestos`).length;

    await userEvent.click(await screen.findByRole('button', { name: 'Crear puesto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear puesto' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Puesto/ }), 'Operador');
    await pickStructure('ACME (N4 Empresa)');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Descripción/ }), 'Turno matutino');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Excelente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crear puesto' })).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/catalogos/estructura_puestos`).length).toBeGreaterThan(loads));
    expect(api.callsTo('POST', `${PRI}/catalogos/estructura_puestos/crear`)[0]?.body).toEqual({
      puesto: 'Operador',
      cve_estructura: 4,
      descripcion: 'Turno matutino',
    });
  });
});
