import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { PhotoModal } from './photo-modal';

const EMPLOYEE = { cve_empleado: 10, nombre_empleado: 'Marta Ruiz', photo: null };
const URL_PATH = `${PRI}/catalogos/empleados/10/foto`;

function fileInput(): HTMLInputElement {
  return screen.getByLabelText('Imagen de la foto') as HTMLInputElement;
}

beforeAll(async () => {
  await setupI18n('employees');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Admin',
    idperfil: 1,
    secciones: ['catalogos.empleados', 'catalogos.empleados.editar'],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('PhotoModal', () => {
  it('refuses a file that is not png, gif or jpeg and sends nothing', async () => {
    const api = mockFetch({});
    renderWithProviders(<PhotoModal employee={EMPLOYEE} onClose={() => undefined} onUploaded={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Cambiar foto' });
    await userEvent.upload(fileInput(), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('La imagen debe ser png, gif o jpeg');
    expect(screen.getByRole('button', { name: 'Subir foto' })).toBeDisabled();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses an image of 8 MB or more', async () => {
    mockFetch({});
    renderWithProviders(<PhotoModal employee={EMPLOYEE} onClose={() => undefined} onUploaded={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Cambiar foto' });
    const big = new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(fileInput(), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo debe pesar menos de 8 MB');
  });

  it('previews the chosen image and uploads it as multipart `foto`', async () => {
    const api = mockFetch({ [`POST ${URL_PATH}`]: () => jsonResponse({ resp: 'Excelente', foto_url: '/api/pri/archivos/x.png' }) });
    const onUploaded = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<PhotoModal employee={EMPLOYEE} onClose={onClose} onUploaded={onUploaded} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar foto' });
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'marta.png', { type: 'image/png' });
    await userEvent.upload(fileInput(), photo);
    const preview = await within(dialog).findByRole('img', { name: 'Vista previa' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // Nothing is sent until the user confirms the preview.
    expect(api.calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir foto' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(10, '/api/pri/archivos/x.png'));
    const sent = api.callsTo('POST', URL_PATH)[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('foto')).toBe(photo);
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('Foto actualizada')).toBeInTheDocument();
  });

  it("shows the server's message when the upload is refused", async () => {
    mockFetch({
      [`POST ${URL_PATH}`]: () => jsonResponse({ resp: 'El tipo de archivo no es compatible', code: 'http.tipo_no_soportado' }, 415),
    });
    const onClose = vi.fn();
    renderWithProviders(<PhotoModal employee={EMPLOYEE} onClose={onClose} onUploaded={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar foto' });
    await userEvent.upload(fileInput(), new File([new Uint8Array([1, 2])], 'fake.png', { type: 'image/png' }));
    await within(dialog).findByRole('img', { name: 'Vista previa' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir foto' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El tipo de archivo no es compatible');
    expect(onClose).not.toHaveBeenCalled();
  });
});
