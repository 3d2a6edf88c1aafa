import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { NodeFormModal } from './node-form-modal';

const BY_LEVEL: Record<string, unknown[]> = {
  '2': [{ cve_estructura: 2, nivel: 2, nombre: 'Industria', padre: null, cve_padre: null, activo: 1 }],
  '3': [{ cve_estructura: 3, nivel: 3, nombre: 'Corporativo', padre: 'Industria', cve_padre: 2, activo: 1 }],
};

function serve() {
  return mockFetch({
    [`POST ${PRI}/catalogos/estructura/tabla`]: (call: RecordedCall) => {
      const filter = (call.body as { columns_with_selects: { nomfield: string; input: string }[] }).columns_with_selects.find(
        (c) => c.nomfield === 'nivel',
      );
      const result = BY_LEVEL[filter?.input ?? ''] ?? [];
      return jsonResponse({ result, pages: { pages: 1, ultima_page: 1, cantidad_registros: result.length }, columns_with_selects: [] });
    },
    [`POST ${PRI}/catalogos/estructura`]: () =>
      jsonResponse({ cve_estructura: 9, nivel: 4, nombre: 'ACME', cve_padre: 3, activo: 1 }),
  });
}

async function pickLevel(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /^Nivel/ }));
  await userEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
}

beforeAll(async () => {
  await setupI18n('org');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Admin', idperfil: 1, secciones: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('new structure element form', () => {
  it('asks for the parent only above N2, from the nodes of the level above', async () => {
    const api = serve();
    const onSaved = vi.fn();
    renderWithProviders(<NodeFormModal opened onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo elemento' });
    expect(within(dialog).queryByRole('combobox', { name: /^Pertenece a/ })).not.toBeInTheDocument();

    await pickLevel('N2 Segmento');
    expect(within(dialog).queryByRole('combobox', { name: /^Pertenece a/ })).not.toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/catalogos/estructura/tabla`)).toHaveLength(0);

    await pickLevel('N4 Empresa');
    expect(await within(dialog).findByRole('combobox', { name: /^Pertenece a \(N3 Tipo de cliente\)/ })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/catalogos/estructura/tabla`)).toHaveLength(1));
    expect(api.callsTo('POST', `${PRI}/catalogos/estructura/tabla`)[0]?.body).toMatchObject({
      cantPP: 100,
      columns_with_selects: [{ nomfield: 'nivel', input: '3' }],
    });

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'ACME');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Este campo es obligatorio')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Pertenece a/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Corporativo', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('POST', `${PRI}/catalogos/estructura`)[0]?.body).toEqual({ nivel: 4, nombre: 'ACME', cve_padre: 3 });
  });

  it('sends N2 elements without a parent', async () => {
    const api = serve();
    const onSaved = vi.fn();
    renderWithProviders(<NodeFormModal opened onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo elemento' });
    await pickLevel('N2 Segmento');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Servicios');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('POST', `${PRI}/catalogos/estructura`)[0]?.body).toEqual({ nivel: 2, nombre: 'Servicios', cve_padre: null });
  });
});
