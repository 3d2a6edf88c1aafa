import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { ResourceFormModal } from './resource-form-modal';

const BASE = `${PRI}/catalogos/recursos_capacitacion`;

beforeAll(async () => {
  await setupI18n('resources');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Admin', idperfil: 1, secciones: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('venue form', () => {
  it('checks the maps address, links to it, and uploads the sketch after the create', async () => {
    const api = mockFetch({
      [`POST ${BASE}/sedes`]: () => jsonResponse({ resp: 'Excelente', cve_sede: 4 }),
      [`POST ${BASE}/sedes/4/croquis`]: () => jsonResponse({ resp: 'Excelente', croquis_url: '/api/pri/archivos/croquis-4.png' }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ResourceFormModal tipo="sedes" id={null} opened onClose={onClose} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva sede' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Planta Monterrey');
    const url = within(dialog).getByRole('textbox', { name: /^Ubicación en mapa/ });
    await user.type(url, 'maps.google.com/?q=1');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('La dirección debe empezar con http:// o https://')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Abrir ubicación en el mapa' })).not.toBeInTheDocument();

    await user.clear(url);
    await user.type(url, 'https://maps.google.com/?q=25.67,-100.31');
    const link = await within(dialog).findByRole('link', { name: 'Abrir ubicación en el mapa' });
    expect(link).toHaveAttribute('href', 'https://maps.google.com/?q=25.67,-100.31');
    expect(link).toHaveAttribute('target', '_blank');

    await user.upload(within(dialog).getByLabelText('Archivo de imagen: Croquis'), new File(['gif'], 'croquis.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByRole('img', { name: 'Vista previa del croquis de la sede' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', `${BASE}/sedes`)[0]?.body).toEqual({
      nombre: 'Planta Monterrey',
      url_mapa: 'https://maps.google.com/?q=25.67,-100.31',
      direccion: null,
    });
    expect((api.callsTo('POST', `${BASE}/sedes/4/croquis`)[0]?.body as FormData).get('croquis')).toBeInstanceOf(File);
  });

  it('refuses a sketch over 8 MB', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<ResourceFormModal tipo="sedes" id={null} opened onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva sede' });
    const big = new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'croquis.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Archivo de imagen: Croquis'), big);
    expect(await within(dialog).findByText('La imagen debe pesar menos de 8 MB')).toBeInTheDocument();
  });
});

describe('room form', () => {
  it('offers the active venues and keeps the capacity between 1 and 10 000', async () => {
    const api = mockFetch({
      [`GET ${BASE}/sedes/opciones`]: () => jsonResponse([{ value: 4, label: 'Planta Monterrey' }]),
      [`POST ${BASE}/salas`]: () => jsonResponse({ resp: 'Excelente', cve_sala: 9 }),
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ResourceFormModal tipo="salas" id={null} opened onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva sala' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(3);

    await user.click(within(dialog).getByRole('combobox', { name: /^Sede/ }));
    await user.click(await screen.findByRole('option', { name: 'Planta Monterrey', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Sala A');
    const capacity = within(dialog).getByRole('textbox', { name: /^Capacidad/ });
    await user.type(capacity, '10001');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('La capacidad debe ser un número entero entre 1 y 10000')).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/salas`)).toHaveLength(0);

    await user.clear(capacity);
    await user.type(capacity, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('POST', `${BASE}/salas`)[0]?.body).toEqual({ cve_sede: 4, nombre: 'Sala A', capacidad: 25 });
  });
});
