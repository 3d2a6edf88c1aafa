import { notifications } from '@mantine/notifications';
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
import { NewsScreen } from './news-screen';
import { SlidesScreen } from './slides-screen';

const SLIDES = `${PRI}/configuracion/slides`;
const ALL_NEWS = `${PRI}/configuracion/noticias/todas`;
const PROFILES = `${PRI}/perfiles/secciones/perfiles`;
const PERFILES = [
  { idperfil: 1, perfil: 'Administrador', descripcion: '', alcance: 'todo' },
  { idperfil: 2, perfil: 'Analista', descripcion: '', alcance: 'todo' },
  { idperfil: 8, perfil: 'Participante', descripcion: '', alcance: 'propio' },
];

const SLIDE_ROWS = [
  { cve_slide: 1, tipo: 'imagen', titulo: 'Bienvenido', contenido_slide: '/uploads/config/slides/bienvenida.png', orden: 0, activo: true, perfiles: [1, 2, 8] },
  { cve_slide: 6, tipo: 'texto', titulo: 'Tu opinión cuenta', contenido_slide: 'Contesta la encuesta.', orden: 50, activo: false, perfiles: [8] },
];
let slides = [...SLIDE_ROWS];

/** The shell's action bar, reduced to its "new" button. */
function NewButton() {
  const { shape, handlers } = usePageChromeShape();
  if (!shape.create) return null;
  return (
    <button type="button" onClick={() => void handlers.current.onNew?.()}>
      {shape.newLabel}
    </button>
  );
}

function renderScreen(ui: React.ReactNode) {
  return renderWithProviders(
    <PageChromeProvider>
      <NewButton />
      {ui}
    </PageChromeProvider>,
  );
}

beforeAll(async () => {
  await setupI18n('announcements');
});
beforeEach(() => {
  slides = [...SLIDE_ROWS];
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 2, kind: 'sesion' }), { cve_empleado: 2, nombre_empleado: 'Carlos', idperfil: 2, secciones: ['configuracion.slides', 'configuracion.noticias'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('Anuncios de bienvenida', () => {
  it('lists each slide with its thumbnail, kind, profiles and state; deletes one after confirming', async () => {
    const api = mockFetch({
      [`GET ${SLIDES}`]: () => jsonResponse(slides),
      [`GET ${PROFILES}`]: () => jsonResponse({ perfiles: PERFILES, perfiles_secciones: [], secciones: [] }),
      [`DELETE ${SLIDES}/6`]: () => {
        slides = slides.filter((s) => s.cve_slide !== 6);
        return jsonResponse({ resp: 'Excelente' });
      },
    });
    renderScreen(<SlidesScreen />);
    const list = await screen.findByRole('list', { name: 'Anuncios de bienvenida' });
    const [image, text] = within(list).getAllByRole('listitem');
    expect(image?.querySelector('img')).toHaveAttribute('src', '/uploads/config/slides/bienvenida.png');
    expect(within(image as HTMLElement).getByText('Imagen')).toBeInTheDocument();
    expect(await within(image as HTMLElement).findByText('Perfiles: Administrador, Analista, Participante')).toBeInTheDocument();
    expect(within(image as HTMLElement).getByText('Activo')).toBeInTheDocument();
    expect(within(text as HTMLElement).getByText('Contesta la encuesta.')).toBeInTheDocument();
    expect(within(text as HTMLElement).getByText('Inactivo')).toBeInTheDocument();

    await userEvent.click(within(text as HTMLElement).getByRole('button', { name: 'Eliminar «Tu opinión cuenta»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar anuncio' });
    expect(within(confirm).getByText('Se eliminará el anuncio «Tu opinión cuenta» y ya nadie lo verá.')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${SLIDES}/6`)).toHaveLength(1));
    expect(await screen.findByText('Anuncio eliminado')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('opens the form from the bar’s new button and edits from a row', async () => {
    mockFetch({
      [`GET ${SLIDES}`]: () => jsonResponse(slides),
      [`GET ${PROFILES}`]: () => jsonResponse({ perfiles: PERFILES, perfiles_secciones: [], secciones: [] }),
    });
    renderScreen(<SlidesScreen />);
    await screen.findByRole('list', { name: 'Anuncios de bienvenida' });
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo anuncio' }));
    const create = await screen.findByRole('dialog', { name: 'Nuevo anuncio de bienvenida' });
    // After the last one (50), ten further on.
    expect(within(create).getByRole('textbox', { name: /^Orden/ })).toHaveValue('60');
    await userEvent.click(within(create).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo anuncio de bienvenida' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Editar «Tu opinión cuenta»' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar anuncio de bienvenida' });
    expect(within(edit).getByRole('radio', { name: 'Texto' })).toBeChecked();
    expect(within(edit).getByRole('textbox', { name: /^Texto del anuncio/ })).toHaveValue('Contesta la encuesta.');
  });

  it('says so, and offers to add one, when there are none', async () => {
    mockFetch({
      [`GET ${SLIDES}`]: () => jsonResponse([]),
      [`GET ${PROFILES}`]: () => jsonResponse({ perfiles: PERFILES, perfiles_secciones: [], secciones: [] }),
    });
    renderScreen(<SlidesScreen />);
    expect(await screen.findByText('Sin anuncios de bienvenida')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar un anuncio' }));
    expect(await screen.findByRole('dialog', { name: 'Nuevo anuncio de bienvenida' })).toBeInTheDocument();
  });
});

describe('Noticias', () => {
  it('lists every news item with its dates, link and state', async () => {
    mockFetch({
      [`GET ${ALL_NEWS}`]: () =>
        jsonResponse([
          {
            cve_noticia: 1,
            imagen: '/uploads/config/noticias/seguridad.png',
            titulo: 'Semana de la Seguridad',
            descripcion_corta: 'Simulacros y talleres.',
            enlace: '',
            fecha_inicio: '2026-11-26',
            fecha_fin: '2026-12-04',
            orden: 0,
            activa: true,
          },
          {
            cve_noticia: 3,
            imagen: '/uploads/config/noticias/liderazgo.png',
            titulo: 'Programa de Liderazgo 2027',
            descripcion_corta: '',
            enlace: 'https://www.gob.mx/stps',
            fecha_inicio: '2026-11-09',
            fecha_fin: '',
            orden: 2,
            activa: false,
          },
        ]),
    });
    renderScreen(<NewsScreen />);
    const list = await screen.findByRole('list', { name: 'Noticias' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.querySelector('img')).toHaveAttribute('src', '/uploads/config/noticias/seguridad.png');
    expect(within(first as HTMLElement).getByText('Del 26/11/2026 al 04/12/2026')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Activo')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Desde el 09/11/2026, sin fecha de fin')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByRole('link', { name: 'https://www.gob.mx/stps' })).toHaveAttribute('target', '_blank');
    expect(within(second as HTMLElement).getByText('Inactivo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nueva noticia' })).toBeInTheDocument();
  });

  it('shows the failure with a retry', async () => {
    let fail = true;
    const api = mockFetch({
      [`GET ${ALL_NEWS}`]: () => (fail ? jsonResponse({ resp: 'Sin conexión con la base', code: 'interno.error' }, 500) : jsonResponse([])),
    });
    renderScreen(<NewsScreen />);
    expect(await screen.findByText('Problemas para consultar las noticias')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Sin noticias')).toBeInTheDocument();
    expect(api.callsTo('GET', ALL_NEWS)).toHaveLength(2);
  });
});
