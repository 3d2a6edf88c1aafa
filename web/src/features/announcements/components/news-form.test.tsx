import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { expectMaxLength, published } from '@/test/published-limits';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { NoticiaAdmin } from '../api/news';
import { NewsForm } from './news-form';
import { newsSchema, newsToValues } from './news-schema';

const NEWS = `${PRI}/configuracion/noticias`;
const TODAY = '2026-11-29';
const ITEM: NoticiaAdmin = {
  cve_noticia: 3,
  imagen: '/uploads/config/noticias/liderazgo.png',
  titulo: 'Programa de Liderazgo 2027',
  descripcion_corta: 'Inscripciones abiertas para supervisores.',
  enlace: 'https://www.gob.mx/stps',
  fecha_inicio: '2026-11-09',
  fecha_fin: '',
  orden: 2,
  activa: true,
};

function serve(save?: (call: RecordedCall) => Response) {
  return mockFetch({
    [`POST ${NEWS}`]: save ?? (() => jsonResponse({ resp: 'Excelente', id: 4 })),
    [`PUT ${NEWS}/3`]: save ?? (() => jsonResponse({ resp: 'Excelente', id: 3 })),
  });
}

function renderForm(item: NoticiaAdmin | null = null, onSaved = vi.fn()) {
  renderWithProviders(<NewsForm item={item} today={TODAY} nextOrder={30} onSaved={onSaved} onCancel={() => undefined} />);
  return onSaved;
}

function setDate(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.blur(screen.getByLabelText(label));
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
  setSession(fakeJwt({ cve_empleado: 2, kind: 'sesion' }), { cve_empleado: 2, nombre_empleado: 'Carlos', idperfil: 2, secciones: ['configuracion.noticias'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the news form', () => {
  it('takes the lengths the server publishes', () => {
    const schema = newsSchema((k) => k, true);
    const valid = { ...newsToValues(null, TODAY), titulo: 'Aviso' };
    expectMaxLength(schema, { ...valid, titulo: '' }, 'titulo', published('NoticiaForm', 'titulo').maxLength);
    expectMaxLength(schema, valid, 'descripcion_corta', published('NoticiaForm', 'descripcion_corta').maxLength);
    const link = published('NoticiaForm', 'enlace').maxLength;
    expectMaxLength(schema, valid, 'enlace', link, (n) => `https://a.mx/${'x'.repeat(n - 13)}`);
  });

  it('asks for the title and the image, starting today, before calling the server', async () => {
    const api = serve();
    renderForm();
    expect(screen.getByLabelText(/^Publicar desde/)).toHaveValue(TODAY);
    await save();
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('Elige una imagen PNG, JPG o GIF')).toBeInTheDocument();
    expect(api.callsTo('POST', NEWS)).toHaveLength(0);
  });

  it('refuses a link that is not http(s) and an end before the start', async () => {
    const api = serve();
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /^Título/ }), 'Feria de seguridad');
    await userEvent.type(screen.getByRole('textbox', { name: /^Enlace/ }), 'ftp://archivo.mx/feria');
    setDate(/^Publicar hasta/, '2026-11-28');
    await save();
    expect(await screen.findByText('Escribe una dirección que empiece con http:// o https://')).toBeInTheDocument();
    expect(screen.getByText('La fecha de fin no puede ser anterior a la de inicio')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Publicar hasta/)).toHaveAttribute('min', TODAY);
    expect(api.callsTo('POST', NEWS)).toHaveLength(0);
  });

  it('sends a new item as multipart: datos and the image', async () => {
    const api = serve();
    const onSaved = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /^Título/ }), 'Feria de seguridad');
    await userEvent.type(screen.getByRole('textbox', { name: /^Descripción corta/ }), 'Equipo de protección en cada planta.');
    await userEvent.type(screen.getByRole('textbox', { name: /^Enlace/ }), 'https://sierramadre.mx/feria');
    setDate(/^Publicar hasta/, '2026-12-15');
    await userEvent.upload(screen.getByLabelText(/^Imagen de la noticia/), new File(['png'], 'feria.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Vista previa de Imagen de la noticia' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
    await save();

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const call = api.callsTo('POST', NEWS)[0];
    expect(datosOf(call)).toEqual({
      titulo: 'Feria de seguridad',
      descripcion_corta: 'Equipo de protección en cada planta.',
      enlace: 'https://sierramadre.mx/feria',
      fecha_inicio: TODAY,
      fecha_fin: '2026-12-15',
      orden: 30,
      activa: true,
    });
    expect(((call?.body as FormData).get('imagen') as File).name).toBe('feria.png');
    expect(await screen.findByText('Noticia agregada')).toBeInTheDocument();
  });

  it('edits an item keeping its image and sends no end date when there is none (PUT)', async () => {
    const api = serve();
    const onSaved = renderForm(ITEM);
    expect(screen.getByRole('img', { name: 'Vista previa de Imagen de la noticia' })).toHaveAttribute('src', ITEM.imagen);
    await userEvent.click(screen.getByRole('switch', { name: 'Activo' }));
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const call = api.callsTo('PUT', `${NEWS}/3`)[0];
    expect(datosOf(call)).toEqual({
      titulo: 'Programa de Liderazgo 2027',
      descripcion_corta: 'Inscripciones abiertas para supervisores.',
      enlace: 'https://www.gob.mx/stps',
      fecha_inicio: '2026-11-09',
      fecha_fin: null,
      orden: 2,
      activa: false,
    });
    expect((call?.body as FormData).has('imagen')).toBe(false);
    expect(await screen.findByText('Noticia actualizada')).toBeInTheDocument();
  });

  it('puts the server’s field messages under their inputs and says what else went wrong', async () => {
    serve(() => jsonResponse({ resp: 'Revisa los datos', code: 'validacion.datos', fields: { enlace: 'La dirección no es válida' } }, 400));
    const onSaved = renderForm(ITEM);
    await save();
    expect(await screen.findByText('La dirección no es válida')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Enlace/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says why in a toast when the server refuses without naming a field', async () => {
    serve(() => jsonResponse({ resp: 'Se alcanzó el máximo de 50 anuncios; elimina alguno antes de agregar otro', code: 'anuncios.limite' }, 409));
    const onSaved = renderForm(ITEM);
    await save();
    expect(await screen.findByText('Se alcanzó el máximo de 50 anuncios; elimina alguno antes de agregar otro')).toBeInTheDocument();
    expect(screen.getByText('Problemas para guardar la noticia')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
