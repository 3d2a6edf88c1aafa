import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { expectMaxLength, published } from '@/test/published-limits';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { SlideAdmin } from '../api/slides';
import { SlideForm } from './slide-form';
import { slideSchema, slideToValues } from './slide-schema';

const SLIDES = `${PRI}/configuracion/slides`;
const PROFILES = `${PRI}/perfiles/secciones/perfiles`;
const PERFILES = [
  { idperfil: 1, perfil: 'Administrador', descripcion: '', alcance: 'todo' },
  { idperfil: 2, perfil: 'Analista', descripcion: '', alcance: 'todo' },
  { idperfil: 8, perfil: 'Participante', descripcion: '', alcance: 'propio' },
];
const IMAGE_SLIDE: SlideAdmin = {
  cve_slide: 7,
  tipo: 'imagen',
  titulo: 'Bienvenido',
  contenido_slide: '/uploads/config/slides/bienvenida.png',
  orden: 10,
  activo: true,
  perfiles: [1, 8],
};

function serve(save?: (call: RecordedCall) => Response) {
  return mockFetch({
    [`GET ${PROFILES}`]: () => jsonResponse({ perfiles: PERFILES, perfiles_secciones: [], secciones: [] }),
    [`POST ${SLIDES}`]: save ?? (() => jsonResponse({ resp: 'Excelente', id: 12 })),
    [`PUT ${SLIDES}/7`]: save ?? (() => jsonResponse({ resp: 'Excelente', id: 7 })),
  });
}

function renderForm(slide: SlideAdmin | null = null, onSaved = vi.fn()) {
  renderWithProviders(<SlideForm slide={slide} nextOrder={20} onSaved={onSaved} onCancel={() => undefined} />);
  return onSaved;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
const datosOf = (call: RecordedCall | undefined) => JSON.parse(String((call?.body as FormData).get('datos'))) as Record<string, unknown>;

beforeAll(async () => {
  await setupI18n('announcements');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 2, kind: 'sesion' }), { cve_empleado: 2, nombre_empleado: 'Carlos', idperfil: 2, secciones: ['configuracion.slides'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the welcome slide form', () => {
  it('takes the title and text lengths the server publishes', () => {
    const schema = slideSchema((k) => k, false);
    const valid = { ...slideToValues(null), tipo: 'texto', contenido: 'Hola', perfiles: ['8'] };
    expectMaxLength(schema, valid, 'titulo', published('SlideForm', 'titulo').maxLength);
    expectMaxLength(schema, { ...valid, titulo: 'Aviso' }, 'contenido', published('SlideForm', 'contenido').maxLength);
  });

  it('asks for the title, the image and a profile before calling the server', async () => {
    const api = serve();
    renderForm();
    await screen.findByRole('checkbox', { name: 'Participante' });
    await save();
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('Elige una imagen PNG, JPG o GIF')).toBeInTheDocument();
    expect(screen.getByText('Selecciona al menos un perfil')).toBeInTheDocument();
    expect(api.callsTo('POST', SLIDES)).toHaveLength(0);
  });

  it('refuses an image that is not png, jpeg or gif, or that weighs more than 8 MB', async () => {
    serve();
    renderForm();
    const input = screen.getByLabelText(/^Imagen del anuncio/);
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'aviso.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('La imagen debe ser PNG, JPG o GIF')).toBeInTheDocument();
    const big = new File(['png'], 'enorme.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 8 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('La imagen pesa más de 8 MB')).toBeInTheDocument();
  });

  it('asks for the text of a text slide, and the order stays between 0 and 999', async () => {
    const api = serve();
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Texto' }));
    expect(screen.queryByLabelText(/^Imagen del anuncio/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Título/ }), 'Tu opinión cuenta');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Participante' }));
    const order = screen.getByRole('textbox', { name: /^Orden/ });
    await userEvent.clear(order);
    await userEvent.type(order, '1000');
    await save();
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('Captura un valor entre 0 y 999')).toBeInTheDocument();
    expect(api.callsTo('POST', SLIDES)).toHaveLength(0);
  });

  it('sends a new image slide as multipart: datos and the image', async () => {
    const api = serve();
    const onSaved = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /^Título/ }), 'Revisa tu plan');
    await userEvent.upload(screen.getByLabelText(/^Imagen del anuncio/), new File(['gif'], 'plan.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('img', { name: 'Vista previa de Imagen del anuncio' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/gif/));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Analista' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Participante' }));
    await save();

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const call = api.callsTo('POST', SLIDES)[0];
    expect(call?.body).toBeInstanceOf(FormData);
    expect(datosOf(call)).toEqual({ tipo: 'imagen', titulo: 'Revisa tu plan', contenido: '', perfiles: [2, 8], orden: 20, activo: true });
    expect(((call?.body as FormData).get('imagen') as File).name).toBe('plan.gif');
    expect(await screen.findByText('Anuncio agregado')).toBeInTheDocument();
  });

  it('sends a text slide without any image', async () => {
    const api = serve();
    const onSaved = renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Texto' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Título/ }), 'Tu opinión cuenta');
    await userEvent.type(screen.getByRole('textbox', { name: /^Texto del anuncio/ }), 'Contesta la encuesta al terminar cada curso.');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Participante' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Activo' }));
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const call = api.callsTo('POST', SLIDES)[0];
    expect(datosOf(call)).toEqual({
      tipo: 'texto',
      titulo: 'Tu opinión cuenta',
      contenido: 'Contesta la encuesta al terminar cada curso.',
      perfiles: [8],
      orden: 20,
      activo: false,
    });
    expect((call?.body as FormData).has('imagen')).toBe(false);
  });

  it('edits an image slide keeping its image when no new one is chosen (PUT)', async () => {
    const api = serve();
    const onSaved = renderForm(IMAGE_SLIDE);
    expect(screen.getByRole('img', { name: 'Vista previa de Imagen del anuncio' })).toHaveAttribute('src', IMAGE_SLIDE.contenido_slide);
    expect(await screen.findByRole('checkbox', { name: 'Administrador' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Analista' })).not.toBeChecked();
    const title = screen.getByRole('textbox', { name: /^Título/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Bienvenida 2027');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const call = api.callsTo('PUT', `${SLIDES}/7`)[0];
    expect(datosOf(call)).toEqual({ tipo: 'imagen', titulo: 'Bienvenida 2027', contenido: '', perfiles: [1, 8], orden: 10, activo: true });
    expect((call?.body as FormData).has('imagen')).toBe(false);
  });

  it('puts the server’s field messages under their inputs', async () => {
    serve(() =>
      jsonResponse({ resp: 'Revisa los datos', code: 'validacion.datos', fields: { perfiles: 'Selecciona al menos un perfil existente' } }, 400),
    );
    const onSaved = renderForm(IMAGE_SLIDE);
    await screen.findByRole('checkbox', { name: 'Administrador' });
    await save();
    const group = await screen.findByRole('group', { name: /Perfiles que lo ven/ });
    expect(await within(group.parentElement ?? group).findByText('Selecciona al menos un perfil existente')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
