import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { ResourceFormModal } from './resource-form-modal';

const BASE = `${PRI}/catalogos/recursos_capacitacion`;
const OPTIONS_URL = `${PRI}/catalogos/empleados/opciones`;
const PNG = () => new File([new Uint8Array([137, 80, 78, 71])], 'firma.png', { type: 'image/png' });

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`GET ${BASE}/instituciones/opciones`]: () => jsonResponse([{ value: 5, label: 'Instituto Norte' }]),
    [`GET ${OPTIONS_URL}`]: () =>
      jsonResponse([{ value: 42, label: 'Marta Ruiz Gómez', nombre: 'Marta Ruiz Gómez', correo: 'marta@acme.mx' }]),
    [`POST ${BASE}/instructores`]: () => jsonResponse({ resp: 'Excelente', cve_instructor: 8 }),
    [`POST ${BASE}/instructores/8/firma`]: () => jsonResponse({ resp: 'Excelente', firma_url: '/api/pri/archivos/firma-8.png' }),
    ...extra,
  });
}

async function openNew() {
  renderWithProviders(<ResourceFormModal tipo="instructores" id={null} opened onClose={onClose} onSaved={onSaved} />);
  return screen.findByRole('dialog', { name: 'Nuevo instructor' });
}

async function type(dialog: HTMLElement, label: RegExp, value: string) {
  const input = within(dialog).getByRole('textbox', { name: label });
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

let onSaved = vi.fn();
let onClose = vi.fn();

beforeAll(async () => {
  await setupI18n('resources');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  onSaved = vi.fn();
  onClose = vi.fn();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Admin', idperfil: 1, secciones: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('instructor form', () => {
  it('searches employees only from 4 characters, fills name and e-mail, and uploads the signature after the create', async () => {
    const api = serve();
    const user = userEvent.setup();
    const dialog = await openNew();
    const employee = within(dialog).getByRole('combobox', { name: /^Empleado/ });

    await user.type(employee, 'Mar');
    await new Promise((r) => setTimeout(r, 450));
    expect(api.callsTo('GET', OPTIONS_URL)).toHaveLength(0);
    expect(await screen.findByText('Escribe al menos 4 caracteres')).toBeInTheDocument();

    await user.type(employee, 't');
    await user.click(await screen.findByRole('option', { name: 'Marta Ruiz Gómez', hidden: true }, { timeout: 2000 }));
    expect(api.callsTo('GET', OPTIONS_URL)[0]?.url).toContain('q=Mart');
    expect(within(dialog).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Marta Ruiz Gómez');
    expect(within(dialog).getByRole('textbox', { name: /^Correo electrónico/ })).toHaveValue('marta@acme.mx');

    await type(dialog, /^Usuario/, 'mruiz');
    await type(dialog, /^Especialidad/, 'Seguridad industrial');
    await type(dialog, /^RFC/, 'rugm850312ab1');
    await type(dialog, /^Número de registro STPS/, 'RUGM-850312');
    await user.click(within(dialog).getByRole('combobox', { name: /^Institución/ }));
    await user.click(await screen.findByRole('option', { name: 'Instituto Norte', hidden: true }));

    await user.upload(within(dialog).getByLabelText('Archivo de imagen: Firma'), PNG());
    expect(await within(dialog).findByRole('img', { name: 'Vista previa de la firma del instructor' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', `${BASE}/instructores`)[0]?.body).toEqual({
      interno: 1,
      cve_empleado: 42,
      nombre: 'Marta Ruiz Gómez',
      correo: 'marta@acme.mx',
      usuario: 'mruiz',
      especialidad: 'Seguridad industrial',
      rfc: 'RUGM850312AB1',
      registro_stps: 'RUGM-850312',
      cve_institucion: 5,
    });
    const upload = api.callsTo('POST', `${BASE}/instructores/8/firma`)[0]?.body;
    expect(upload).toBeInstanceOf(FormData);
    expect((upload as FormData).get('firma')).toBeInstanceOf(File);
    expect(onSaved).toHaveBeenCalled();
  });

  it('asks for the employee of an internal instructor and checks name letters, RFC and e-mail', async () => {
    const api = serve();
    const dialog = await openNew();
    await type(dialog, /^Nombre/, 'Juan P3rez');
    await type(dialog, /^Correo electrónico/, 'juan@');
    await type(dialog, /^RFC/, 'XYZ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Selecciona el empleado')).toBeInTheDocument();
    expect(within(dialog).getByText('El nombre solo admite letras')).toBeInTheDocument();
    expect(within(dialog).getByText('El correo ingresado es incorrecto')).toBeInTheDocument();
    expect(within(dialog).getByText('El RFC debe tener entre 12 y 13 caracteres con el formato oficial')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(api.callsTo('POST', `${BASE}/instructores`)).toHaveLength(0);
  });

  it('registers an external instructor without employee and says external ones have no platform access', async () => {
    const api = serve();
    const dialog = await openNew();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Externo' }));
    expect(within(dialog).queryByRole('combobox', { name: /^Empleado/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/no tienen acceso a la plataforma/)).toBeInTheDocument();
    await type(dialog, /^Nombre/, 'José Núñez');
    await type(dialog, /^Correo electrónico/, 'jose@consultores.mx');
    await type(dialog, /^Usuario/, 'jnunez');
    await type(dialog, /^Especialidad/, 'Primeros auxilios');
    await type(dialog, /^RFC/, 'NUJJ800101AB1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('POST', `${BASE}/instructores`)[0]?.body).toEqual({
      interno: 0,
      cve_empleado: null,
      nombre: 'José Núñez',
      correo: 'jose@consultores.mx',
      usuario: 'jnunez',
      especialidad: 'Primeros auxilios',
      rfc: 'NUJJ800101AB1',
      registro_stps: null,
      cve_institucion: null,
    });
    expect(api.callsTo('POST', `${BASE}/instructores/8/firma`)).toHaveLength(0);
  });

  it('refuses a signature that is not an image and never uploads it', async () => {
    const api = serve();
    const user = userEvent.setup({ applyAccept: false });
    const dialog = await openNew();
    await user.upload(within(dialog).getByLabelText('Archivo de imagen: Firma'), new File(['%PDF'], 'firma.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('La imagen debe ser png, gif o jpeg')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: /Vista previa de la firma/ })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.endsWith('/firma'))).toHaveLength(0);
  });

  it('keeps the form open when the signature upload fails, and a retry updates instead of creating again', async () => {
    let firma = jsonResponse({ resp: 'La imagen debe ser png, gif o jpeg', code: 'archivo.tipo_imagen' }, 415);
    const api = serve({
      [`POST ${BASE}/instructores/8/firma`]: () => firma,
      [`PUT ${BASE}/instructores/8`]: () => jsonResponse({ cve_instructor: 8 }),
    });
    const user = userEvent.setup();
    const dialog = await openNew();
    await user.click(within(dialog).getByRole('radio', { name: 'Externo' }));
    await type(dialog, /^Nombre/, 'José Núñez');
    await type(dialog, /^Correo electrónico/, 'jose@consultores.mx');
    await type(dialog, /^Usuario/, 'jnunez');
    await type(dialog, /^Especialidad/, 'Primeros auxilios');
    await type(dialog, /^RFC/, 'NUJJ800101AB1');
    await user.upload(within(dialog).getByLabelText('Archivo de imagen: Firma'), PNG());
    await within(dialog).findByRole('img', { name: 'Vista previa de la firma del instructor' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La imagen debe ser png, gif o jpeg');
    expect(onClose).not.toHaveBeenCalled();

    firma = jsonResponse({ resp: 'Excelente', firma_url: '/f.png' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', `${BASE}/instructores`)).toHaveLength(1);
    expect(api.callsTo('PUT', `${BASE}/instructores/8`)[0]?.body).toMatchObject({ interno: 0, activo: 1 });
  });

  it('edits a stored instructor showing its employee and signature', async () => {
    const api = serve({
      [`GET ${BASE}/instructores/8`]: () =>
        jsonResponse({
          cve_instructor: 8,
          interno: 1,
          cve_empleado: 42,
          nombre_empleado: 'Marta Ruiz Gómez',
          nombre: 'Marta Ruiz Gómez',
          correo: 'marta@acme.mx',
          usuario: 'mruiz',
          especialidad: 'Seguridad',
          rfc: 'RUGM850312AB1',
          registro_stps: null,
          cve_institucion: null,
          firma_url: '/api/pri/archivos/firma-8.png',
          activo: 1,
        }),
      [`PUT ${BASE}/instructores/8`]: () => jsonResponse({ cve_instructor: 8 }),
    });
    renderWithProviders(<ResourceFormModal tipo="instructores" id={8} opened onClose={onClose} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar instructor' });
    expect(await within(dialog).findByRole('img', { name: 'Vista previa de la firma del instructor' })).toHaveAttribute(
      'src',
      '/api/pri/archivos/firma-8.png',
    );
    expect(within(dialog).getByRole('combobox', { name: /^Empleado/ })).toHaveValue('Marta Ruiz Gómez');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT', `${BASE}/instructores/8`)[0]?.body).toMatchObject({ interno: 1, cve_empleado: 42, activo: 1 });
    expect(api.callsTo('GET', OPTIONS_URL)).toHaveLength(0);
  });
});
