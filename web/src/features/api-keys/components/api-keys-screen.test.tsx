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
import { ApiKeysScreen } from './api-keys-screen';

const TABLE = `${PRI}/apis/tabla`;
const LIST = `${PRI}/apis`;
const TOKEN = 'aula_S3cr3tT0k3nOnlyShownOnce0123456789abcdefgh';

const PROFILES = [
  { idperfil: 1, perfil: 'Administrador', descripcion: 'Todo', alcance: 'todos' },
  { idperfil: 2, perfil: 'Analista', descripcion: '', alcance: 'todos' },
  { idperfil: 4, perfil: 'Contratista', descripcion: '', alcance: 'propio' },
  { idperfil: 8, perfil: 'Participante', descripcion: '', alcance: 'propio' },
];

interface Key {
  id: number;
  nombre: string;
  perfiles: string[];
  revocado: string | null;
}

/** A fake server: the keys table, the keys list, create and revoke over one list of keys. */
function serve(keys: Key[], extra: Record<string, (call: RecordedCall) => Response> = {}) {
  const row = (k: Key) => ({
    id: k.id,
    nombre: k.nombre,
    prefijo: 'aula_S3cr3tT…',
    creado: '2026-11-20T10:00:00Z',
    creado_por: 'Admin',
    ultimo_uso: null,
    estatus: k.revocado ? 0 : 1,
  });
  return mockFetch({
    [`POST ${TABLE}`]: () =>
      jsonResponse({ result: keys.map(row), pages: { pages: 1, ultima_page: 1, cantidad_registros: keys.length }, columns_with_selects: [] }),
    [`GET ${LIST}`]: () =>
      jsonResponse(
        keys.map((k) => ({ id: k.id, nombre: k.nombre, prefijo: 'aula_S3cr3tT', creado: '2026-11-20T10:00:00Z', creado_por: 'Admin', ultimo_uso: null, revocado: k.revocado, perfiles: k.perfiles })),
      ),
    [`GET ${PRI}/perfiles/secciones/perfiles`]: () => jsonResponse({ perfiles: PROFILES, perfiles_secciones: [], secciones: [] }),
    [`POST ${LIST}`]: (call) => {
      const body = call.body as { nombre: string; perfiles: string[] };
      keys.unshift({ id: 9, nombre: body.nombre, perfiles: body.perfiles, revocado: null });
      return jsonResponse({ resp: 'Excelente', id: 9, nombre: body.nombre, token: TOKEN, perfiles: body.perfiles });
    },
    [`DELETE ${LIST}/3`]: () => {
      const key = keys.find((k) => k.id === 3);
      if (key) key.revocado = '2026-11-25T00:00:00Z';
      return jsonResponse({ resp: 'Excelente' });
    },
    ...extra,
  });
}

/** Stands in for the shell's action bar. */
function ActionBar() {
  const { shape, handlers } = usePageChromeShape();
  return shape.create ? (
    <button type="button" onClick={() => void handlers.current.onNew?.()}>
      {shape.newLabel}
    </button>
  ) : null;
}

function renderScreen() {
  return renderWithProviders(
    <PageChromeProvider>
      <ActionBar />
      <ApiKeysScreen />
    </PageChromeProvider>,
  );
}

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Nueva llave' }));
  return screen.findByRole('dialog', { name: 'Nueva llave de API' });
}

beforeAll(async () => {
  await setupI18n('api-keys');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Admin', idperfil: 1, secciones: ['configuracion.apis'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('API keys screen', () => {
  it('lists each key with its allowed profiles as badges and its status', async () => {
    serve([
      { id: 3, nombre: 'SAP', perfiles: ['Contratista', 'Participante'], revocado: null },
      { id: 2, nombre: 'Viejo ERP', perfiles: ['Participante'], revocado: '2026-11-21T00:00:00Z' },
    ]);
    renderScreen();
    const sap = (await screen.findByRole('cell', { name: 'SAP' })).closest('tr') as HTMLElement;
    await within(sap).findByText('Contratista');
    expect(within(sap).getByText('Participante')).toBeInTheDocument();
    expect(within(sap).getByText('Activa')).toBeInTheDocument();
    expect(within(sap).getByRole('button', { name: 'Revocar la llave SAP' })).toBeInTheDocument();
    const old = screen.getByRole('cell', { name: 'Viejo ERP' }).closest('tr') as HTMLElement;
    expect(within(old).getByText('Revocada')).toBeInTheDocument();
    // A revoked key has nothing left to revoke.
    expect(within(old).queryByRole('button', { name: /Revocar/ })).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no keys', async () => {
    serve([]);
    renderScreen();
    expect(await screen.findByText('Aún no hay llaves de API')).toBeInTheDocument();
  });

  it('offers every profile but Administrador, with Participante ticked by default', async () => {
    serve([]);
    renderScreen();
    const form = await openForm();
    const participante = await within(form).findByRole('checkbox', { name: 'Participante' });
    expect(participante).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Contratista' })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Analista' })).not.toBeChecked();
    expect(within(form).queryByRole('checkbox', { name: 'Administrador' })).not.toBeInTheDocument();
    expect(within(form).queryByText('Administrador')).not.toBeInTheDocument();
  });

  it('asks for a name and at least one profile before sending', async () => {
    const api = serve([]);
    renderScreen();
    const form = await openForm();
    await userEvent.click(await within(form).findByRole('checkbox', { name: 'Participante' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Crear llave' }));
    expect(await within(form).findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(within(form).getByText('Elige al menos un perfil')).toBeInTheDocument();
    expect(api.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('creates a key with the chosen profiles and shows its token once', async () => {
    const api = serve([]);
    renderScreen();
    const form = await openForm();
    await userEvent.type(within(form).getByRole('textbox', { name: /Nombre/ }), '  SAP SuccessFactors ');
    await userEvent.click(await within(form).findByRole('checkbox', { name: 'Contratista' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Crear llave' }));

    const dialog = await screen.findByRole('dialog', { name: 'Llave creada' });
    expect(api.callsTo('POST', LIST)[0]?.body).toEqual({ nombre: 'SAP SuccessFactors', perfiles: ['Participante', 'Contratista'] });
    expect(within(dialog).getByText(TOKEN)).toBeInTheDocument();
    expect(within(dialog).getByText('Copia el token ahora')).toBeInTheDocument();
    expect(within(dialog).getByText(/no se volverá a mostrar/)).toBeInTheDocument();
    // Focus starts on copying, not on closing the only view of the token.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copiar token' })).toHaveFocus());
    expect(within(dialog).getByText('Perfiles permitidos: Participante, Contratista')).toBeInTheDocument();

    // The new key is in the table, by its first characters only.
    const row = (await screen.findByRole('cell', { name: 'SAP SuccessFactors' })).closest('tr') as HTMLElement;
    await within(row).findByText('Contratista');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Ya lo guardé' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Llave creada' })).not.toBeInTheDocument());
    expect(screen.queryByText(TOKEN)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it("puts the server's refusal under the profiles", async () => {
    serve([], {
      [`POST ${LIST}`]: () =>
        jsonResponse(
          { resp: 'Una llave de API no puede crear Administradores', code: 'apis.sin_administrador', fields: { perfiles: 'Una llave de API no puede crear Administradores' } },
          400,
        ),
    });
    renderScreen();
    const form = await openForm();
    await userEvent.type(within(form).getByRole('textbox', { name: /Nombre/ }), 'SAP');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear llave' }));
    expect(await within(form).findByText('Una llave de API no puede crear Administradores')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Llave creada' })).not.toBeInTheDocument();
  });

  it('revokes a key only after confirming', async () => {
    const api = serve([{ id: 3, nombre: 'SAP', perfiles: ['Participante'], revocado: null }]);
    renderScreen();
    const sap = (await screen.findByRole('cell', { name: 'SAP' })).closest('tr') as HTMLElement;
    await userEvent.click(within(sap).getByRole('button', { name: 'Revocar la llave SAP' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revocar llave' });
    expect(within(confirm).getByText('¿Revocar la llave «SAP»?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revocar llave' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `${LIST}/3`)).toHaveLength(0);

    await userEvent.click(within(sap).getByRole('button', { name: 'Revocar la llave SAP' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Revocar llave' })).getByRole('button', { name: 'Revocar llave' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${LIST}/3`)).toHaveLength(1));
    const after = (await screen.findByText('Revocada')).closest('tr') as HTMLElement;
    expect(within(after).queryByRole('button', { name: /Revocar/ })).not.toBeInTheDocument();
  });
});
