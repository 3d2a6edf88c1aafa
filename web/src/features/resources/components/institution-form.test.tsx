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
import { ResourceFormModal } from './resource-form-modal';
import { ResourcesScreen } from './resources-screen';

const BASE = `${PRI}/catalogos/recursos_capacitacion`;
const TABLE = (result: unknown[]) =>
  jsonResponse({ result, pages: { pages: 1, ultima_page: 1, cantidad_registros: result.length }, columns_with_selects: [] });

beforeAll(async () => {
  await setupI18n('resources');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Admin',
    idperfil: 1,
    secciones: ['catalogos.recursos'],
  });
});
afterEach(() => vi.unstubAllGlobals());

async function fill(dialog: HTMLElement, label: RegExp, value: string) {
  const input = within(dialog).getByRole('textbox', { name: label });
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('institution form', () => {
  it('requires name, contact, phone and e-mail and checks their formats before calling the server', async () => {
    const api = mockFetch({});
    renderWithProviders(<ResourceFormModal tipo="instituciones" id={null} opened onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva institución' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(4);

    await fill(dialog, /^Nombre/, 'Instituto <Técnico>');
    await fill(dialog, /^Contacto/, 'Ana López');
    await fill(dialog, /^Teléfono/, '81 1234 5678');
    await fill(dialog, /^Correo electrónico/, 'ana@instituto');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(/^Solo se permiten letras, números/)).toBeInTheDocument();
    expect(within(dialog).getByText('El teléfono solo admite dígitos y guiones (de 8 a 15 dígitos)')).toBeInTheDocument();
    expect(within(dialog).getByText('El correo ingresado es incorrecto')).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/instituciones`)).toHaveLength(0);
  });

  it('sends the institution and closes with the success toast', async () => {
    const api = mockFetch({ [`POST ${BASE}/instituciones`]: () => jsonResponse({ resp: 'Excelente', cve_institucion: 3 }) });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<ResourceFormModal tipo="instituciones" id={null} opened onClose={onClose} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva institución' });
    await fill(dialog, /^Nombre/, 'Instituto Técnico del Norte');
    await fill(dialog, /^Contacto/, 'Ana López');
    await fill(dialog, /^Teléfono/, '81-1234-5678');
    await fill(dialog, /^Correo electrónico/, 'Ana@Instituto.MX');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo('POST', `${BASE}/instituciones`)[0]?.body).toEqual({
      nombre: 'Instituto Técnico del Norte',
      contacto: 'Ana López',
      telefono: '81-1234-5678',
      correo: 'ana@instituto.mx',
    });
    expect(await screen.findByText('Excelente')).toBeInTheDocument();
  });

  it('puts server field errors next to the inputs and other answers in an alert', async () => {
    let answer = jsonResponse(
      { resp: 'Favor de revisar los datos capturados', code: 'validacion.datos', fields: { telefono: 'El teléfono no es válido' } },
      400,
    );
    mockFetch({ [`POST ${BASE}/instituciones`]: () => answer });
    const onSaved = vi.fn();
    renderWithProviders(<ResourceFormModal tipo="instituciones" id={null} opened onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva institución' });
    await fill(dialog, /^Nombre/, 'Instituto');
    await fill(dialog, /^Contacto/, 'Ana');
    await fill(dialog, /^Teléfono/, '8112345678');
    await fill(dialog, /^Correo electrónico/, 'ana@instituto.mx');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El teléfono no es válido')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    answer = jsonResponse({ resp: 'Ya existe una institución con ese nombre', code: 'duplicado.institucion' }, 409);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya existe una institución con ese nombre');
    expect(screen.queryByText('Cambio de plan')).not.toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('loads the stored institution to edit it and sends activo with the update', async () => {
    const api = mockFetch({
      [`GET ${BASE}/instituciones/3`]: () =>
        jsonResponse({ cve_institucion: 3, nombre: 'Instituto', contacto: 'Ana', telefono: '8112345678', correo: 'ana@i.mx', activo: 1 }),
      [`PUT ${BASE}/instituciones/3`]: () => jsonResponse({ cve_institucion: 3, nombre: 'Instituto Norte' }),
    });
    const onSaved = vi.fn();
    renderWithProviders(<ResourceFormModal tipo="instituciones" id={3} opened onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar institución' });
    expect(await within(dialog).findByDisplayValue('Instituto')).toBeInTheDocument();
    await fill(dialog, /^Nombre/, 'Instituto Norte');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Activo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('PUT', `${BASE}/instituciones/3`)[0]?.body).toEqual({
      nombre: 'Instituto Norte',
      contacto: 'Ana',
      telefono: '8112345678',
      correo: 'ana@i.mx',
      activo: 0,
    });
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

describe('training resources screen', () => {
  it('shows each tab on its own table and opens the new form of the current tab', async () => {
    const api = mockFetch({
      [`POST ${BASE}/instituciones/tabla`]: () =>
        TABLE([{ cve_institucion: 1, nombre: 'Instituto Norte', contacto: 'Ana', telefono: '81-1234-5678', correo: 'a@i.mx', activo: 1 }]),
      [`POST ${BASE}/instructores/tabla`]: () =>
        TABLE([
          { cve_instructor: 8, nombre: 'Marta Ruiz', interno: 1, correo: 'm@acme.mx', especialidad: 'Seguridad', rfc: 'RUGM850312AB1', tiene_firma: 1, activo: 1 },
          { cve_instructor: 9, nombre: 'José Núñez', interno: 0, correo: 'j@c.mx', especialidad: 'Primeros auxilios', rfc: 'NUJJ800101AB1', activo: 1 },
        ]),
      [`POST ${BASE}/sedes/tabla`]: () =>
        TABLE([{ cve_sede: 4, nombre: 'Planta Monterrey', direccion: 'Av. Uno 100', url_mapa: 'https://maps.google.com/?q=1', activo: 0 }]),
    });
    renderWithProviders(
      <PageChromeProvider>
        <NewButton />
        <ResourcesScreen />
      </PageChromeProvider>,
    );
    expect(await screen.findByText('Instituto Norte')).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/instituciones/tabla`)[0]?.body).toMatchObject({ order: 'nombre', ordertype: 'asc', page: 1 });

    await userEvent.click(screen.getByRole('tab', { name: 'Instructores' }));
    const marta = (await screen.findByText('Marta Ruiz')).closest('tr') as HTMLElement;
    expect(within(marta).getByText('Interno')).toBeInTheDocument();
    expect(within(marta).getByText('SI')).toBeInTheDocument();
    const jose = screen.getByText('José Núñez').closest('tr') as HTMLElement;
    expect(within(jose).getByText('Externo')).toBeInTheDocument();
    expect(within(jose).queryByText('NO')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Sedes' }));
    expect(await screen.findByText('Planta Monterrey')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mapa de Planta Monterrey' })).toHaveAttribute('href', 'https://maps.google.com/?q=1');
    expect(screen.getByText('Inactivo')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Nueva sede' }));
    expect(await screen.findByRole('dialog', { name: 'Nueva sede' })).toBeInTheDocument();
  });
});
