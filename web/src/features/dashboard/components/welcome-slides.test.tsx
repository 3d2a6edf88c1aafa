import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { WELCOME_SEEN_KEY } from './welcome-seen';
import { WelcomeSlides } from './welcome-slides';

const SLIDES = `${PRI}/lms/slides/8`;
const HIDE = `${PRI}/lms/slides/noMostrarSlides`;
const USER = { cve_empleado: 41, nombre_empleado: 'Luis Hernández Rodríguez', idperfil: 8, perfil_sistema: 'Participante', secciones: [] };

const THREE = [
  { cve_slide: 1, tipo: 'imagen', titulo: 'Bienvenido a Universidad Sierra Madre', contenido_slide: '/uploads/config/slides/bienvenida.png' },
  { cve_slide: 2, tipo: 'imagen', titulo: 'Revisa tu plan de capacitación', contenido_slide: '/uploads/config/slides/plan.png' },
  { cve_slide: 5, tipo: 'texto', titulo: 'Tu opinión cuenta', contenido_slide: 'Al terminar cada curso contesta la encuesta.' },
];

function serve(slides: unknown = THREE, status = 200, hide?: (call: RecordedCall) => Response) {
  return mockFetch({
    [`GET ${SLIDES}`]: () => jsonResponse(slides, status),
    [`POST ${HIDE}`]: hide ?? (() => jsonResponse({ res: true, ocultados: 3 })),
  });
}

function signIn(sid = 'sesion-1') {
  setSession(fakeJwt({ cve_empleado: USER.cve_empleado, kind: 'sesion', sid }), USER);
}

const dialog = () => screen.findByRole('dialog', { name: 'Anuncios de bienvenida' });
const progress = () => screen.getByRole('progressbar', { name: 'Avance de los anuncios' });

beforeAll(async () => {
  await setupI18n('dashboard');
});
beforeEach(() => {
  window.sessionStorage.clear();
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('welcome slides', () => {
  it('shows the active profile’s slides one at a time with the progress n of N', async () => {
    const api = serve();
    renderWithProviders(<WelcomeSlides />);
    const modal = await dialog();
    expect(api.callsTo('GET', SLIDES)).toHaveLength(1);

    expect(within(modal).getByRole('img', { name: 'Bienvenido a Universidad Sierra Madre' })).toHaveAttribute(
      'src',
      '/uploads/config/slides/bienvenida.png',
    );
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    expect(progress()).toHaveAttribute('aria-valuemax', '3');
    expect(progress()).toHaveAttribute('aria-valuetext', 'Anuncio 1 de 3');
    expect(within(modal).getByText('1 / 3')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: /Anterior/ })).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(within(modal).getByRole('button', { name: /Siguiente/ }));
    expect(progress()).toHaveAttribute('aria-valuetext', 'Anuncio 2 de 3');
    expect(within(modal).getByRole('img', { name: 'Revisa tu plan de capacitación' })).toBeVisible();
    expect(within(modal).queryByRole('img', { name: 'Bienvenido a Universidad Sierra Madre' })).not.toBeInTheDocument();

    // The arrow keys move too; a text slide shows its title and text.
    await userEvent.keyboard('{ArrowRight}');
    expect(progress()).toHaveAttribute('aria-valuetext', 'Anuncio 3 de 3');
    expect(within(modal).getByRole('heading', { name: 'Tu opinión cuenta' })).toBeVisible();
    expect(within(modal).getByText('Al terminar cada curso contesta la encuesta.')).toBeVisible();
    expect(within(modal).getByRole('button', { name: /Siguiente/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(modal).getByRole('button', { name: /Siguiente/ }));
    expect(progress()).toHaveAttribute('aria-valuetext', 'Anuncio 3 de 3');

    await userEvent.click(within(modal).getByRole('button', { name: /Anterior/ }));
    expect(progress()).toHaveAttribute('aria-valuetext', 'Anuncio 2 de 3');
  });

  it('with “No volver a mostrar.” ticked, closing sends every slide shown and says so', async () => {
    const api = serve();
    renderWithProviders(<WelcomeSlides />);
    const modal = await dialog();
    await userEvent.click(within(modal).getByRole('checkbox', { name: 'No volver a mostrar.' }));
    // The footer's 'Cerrar' (the header's × is named 'Cerrar' too).
    const closers = within(modal).getAllByRole('button', { name: 'Cerrar' });
    await userEvent.click(closers[closers.length - 1] as HTMLElement);

    await waitFor(() => expect(api.callsTo('POST', HIDE)).toHaveLength(1));
    expect(api.callsTo('POST', HIDE)[0]?.body).toEqual({
      perfil_sistema: '8',
      slides: [{ cve_slide: 1 }, { cve_slide: 2 }, { cve_slide: 5 }],
    });
    expect(await screen.findByText('Estos avisos y noticias no se mostrarán de nuevo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Anuncios de bienvenida' })).not.toBeInTheDocument());
  });

  it('closing without ticking the box records nothing', async () => {
    const api = serve();
    renderWithProviders(<WelcomeSlides />);
    const modal = await dialog();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Anuncios de bienvenida' })).not.toBeInTheDocument());
    expect(modal).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo('POST', HIDE)).toHaveLength(0);
    expect(screen.queryByText('Estos avisos y noticias no se mostrarán de nuevo')).not.toBeInTheDocument();
  });

  it('shows once per login and profile: coming back to the dashboard does not open it again', async () => {
    const api = serve();
    const first = renderWithProviders(<WelcomeSlides />);
    await dialog();
    first.unmount();

    renderWithProviders(<WelcomeSlides />);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('GET', SLIDES)).toHaveLength(1);
    expect(JSON.parse(window.sessionStorage.getItem(WELCOME_SEEN_KEY) ?? '[]')).toEqual(['sesion-1:8']);
  });

  it('shows again after a new login in the same tab', async () => {
    const api = serve();
    const first = renderWithProviders(<WelcomeSlides />);
    await dialog();
    first.unmount();
    act(() => signIn('sesion-2'));
    renderWithProviders(<WelcomeSlides />);
    await dialog();
    expect(api.callsTo('GET', SLIDES)).toHaveLength(2);
  });

  it('shows nothing when the profile has no slides', async () => {
    const api = serve([]);
    renderWithProviders(<WelcomeSlides />);
    await waitFor(() => expect(api.callsTo('GET', SLIDES)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so in a toast, and only once, when the slides cannot be loaded', async () => {
    const api = serve({ resp: 'Error', code: 'interno.error' }, 500);
    const first = renderWithProviders(<WelcomeSlides />);
    expect(
      await screen.findByText('Hubo un problema consultando los anuncios de bienvenida, ponte en contacto con tu proveedor de servicio'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();
    renderWithProviders(<WelcomeSlides />);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(api.callsTo('GET', SLIDES)).toHaveLength(1);
  });

  it('says why when “No volver a mostrar.” cannot be recorded', async () => {
    serve(THREE, 200, () => jsonResponse({ resp: 'Solo puedes consultar los anuncios de bienvenida de tu perfil activo', code: 'slides.perfil_ajeno' }, 403));
    renderWithProviders(<WelcomeSlides />);
    const modal = await dialog();
    await userEvent.click(within(modal).getByRole('checkbox', { name: 'No volver a mostrar.' }));
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Solo puedes consultar los anuncios de bienvenida de tu perfil activo')).toBeInTheDocument();
    expect(screen.queryByText('Estos avisos y noticias no se mostrarán de nuevo')).not.toBeInTheDocument();
  });
});
