import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { DashboardHeader, NEWS_SLIDER_SECTION } from './dashboard-header';
import { NEWS_ROTATION_MS } from './news-slider';

const NEWS = `${PRI}/configuracion/noticias`;
const WEATHER = `${PRI}/ciudades/empleado/41/clima`;
const WITH_SLIDER = { cve_empleado: 41, nombre_empleado: 'Luis Hernández Rodríguez', idperfil: 8, secciones: [NEWS_SLIDER_SECTION] };
const WITHOUT_SLIDER = { ...WITH_SLIDER, secciones: [] };
const NEWS_ON = { noticias: '1' };

const ITEMS = [
  {
    cve_noticia: 1,
    imagen: '/uploads/config/noticias/seguridad.png',
    titulo: 'Semana de la Seguridad',
    descripcion_corta: 'Simulacros, talleres y la feria de equipo de protección personal.',
    enlace: '',
    fecha_inicio: '2026-11-26',
    fecha_fin: '',
    orden: 0,
    activa: true,
  },
  {
    cve_noticia: 2,
    imagen: '/uploads/config/noticias/dc3.png',
    titulo: 'Tus constancias DC-3, en línea',
    descripcion_corta: 'Descárgalas desde Mis constancias.',
    enlace: '',
    fecha_inicio: '2026-11-19',
    fecha_fin: '',
    orden: 1,
    activa: true,
  },
  {
    cve_noticia: 3,
    imagen: '/uploads/config/noticias/liderazgo.png',
    titulo: 'Programa de Liderazgo 2027',
    descripcion_corta: 'Inscripciones abiertas para supervisores.',
    enlace: 'https://www.gob.mx/stps',
    fecha_inicio: '2026-11-09',
    fecha_fin: '',
    orden: 2,
    activa: true,
  },
];

function serve(news: unknown = ITEMS) {
  return mockFetch({
    [`GET ${NEWS}`]: () => jsonResponse(news),
    [`GET ${WEATHER}`]: () => jsonResponse({ temperature: 0, nomciudad: '', latitude: null, longitude: null }),
  });
}

const slider = () => screen.findByRole('region', { name: 'Noticias' });
const shownTitle = (region: HTMLElement) => within(region).getByTestId('news-item').querySelector('p')?.textContent;

function reducedMotion(on: boolean) {
  vi.mocked(window.matchMedia).mockImplementation((query: string) => ({
    matches: on && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

beforeAll(async () => {
  await setupI18n('dashboard');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  reducedMotion(false);
});

describe('the header’s news slider', () => {
  it('is not there, nor asked for, without “Ver Slider Noticias”', async () => {
    const api = serve();
    renderWithProviders(<DashboardHeader user={WITHOUT_SLIDER} cia={NEWS_ON} />);
    await waitFor(() => expect(api.callsTo('GET', WEATHER)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo('GET', NEWS)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Noticias' })).not.toBeInTheDocument();
  });

  it('is not there, nor asked for, while the company’s news are off', async () => {
    const api = serve();
    renderWithProviders(<DashboardHeader user={WITH_SLIDER} cia={{ noticias: '0' }} />);
    await waitFor(() => expect(api.callsTo('GET', WEATHER)).toHaveLength(1));
    expect(api.callsTo('GET', NEWS)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Noticias' })).not.toBeInTheDocument();
  });

  it('asks the server when the configuration at hand does not say (its public view, before login)', async () => {
    const api = serve();
    renderWithProviders(<DashboardHeader user={WITH_SLIDER} cia={{ nomcia: 'Grupo Industrial Sierra Madre' }} />);
    await slider();
    expect(api.callsTo('GET', NEWS)).toHaveLength(1);
  });

  it('is not there when there is no news today (and leaves no placeholder behind)', async () => {
    const api = serve([]);
    renderWithProviders(<DashboardHeader user={WITH_SLIDER} cia={NEWS_ON} />);
    await waitFor(() => expect(api.callsTo('GET', NEWS)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('news-slider-loading')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Noticias' })).not.toBeInTheDocument();
  });

  it('shows image, title and description, and “Leer más” in a new tab when the item has a link', async () => {
    serve();
    renderWithProviders(<DashboardHeader user={WITH_SLIDER} cia={NEWS_ON} />);
    const region = await slider();
    expect(within(region).getByRole('group', { name: 'Noticia 1 de 3' })).toBeInTheDocument();
    expect(within(region).getByText('Semana de la Seguridad')).toBeInTheDocument();
    expect(within(region).getByText('Simulacros, talleres y la feria de equipo de protección personal.')).toBeInTheDocument();
    expect(region.querySelector('img')).toHaveAttribute('src', '/uploads/config/noticias/seguridad.png');
    expect(within(region).queryByRole('link')).not.toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: 'Noticia anterior' }));
    expect(within(region).getByText('Programa de Liderazgo 2027')).toBeInTheDocument();
    const link = within(region).getByRole('link', { name: /^Leer más/ });
    expect(link).toHaveAttribute('href', 'https://www.gob.mx/stps');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveAccessibleName('Leer más sobre «Programa de Liderazgo 2027» (se abre en una pestaña nueva)');

    await userEvent.click(within(region).getByRole('button', { name: 'Noticia siguiente' }));
    expect(within(region).getByRole('group', { name: 'Noticia 1 de 3' })).toBeInTheDocument();
  });

  it('moves on every six seconds, but not while pointed at or after its pause button', async () => {
    serve();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderWithProviders(<DashboardHeader user={WITH_SLIDER} cia={NEWS_ON} />);
    const region = await slider();
    expect(shownTitle(region)).toBe('Semana de la Seguridad');
    act(() => vi.advanceTimersByTime(NEWS_ROTATION_MS));
    expect(shownTitle(region)).toBe('Tus constancias DC-3, en línea');

    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(NEWS_ROTATION_MS * 2));
    expect(shownTitle(region)).toBe('Tus constancias DC-3, en línea');
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(NEWS_ROTATION_MS));
    expect(shownTitle(region)).toBe('Programa de Liderazgo 2027');

    fireEvent.click(within(region).getByRole('button', { name: 'Pausar el cambio automático de noticias' }));
    // The button keeps the focus: pointing away and blurring must not restart it.
    fireEvent.blur(region);
    act(() => vi.advanceTimersByTime(NEWS_ROTATION_MS * 3));
    expect(shownTitle(region)).toBe('Programa de Liderazgo 2027');
    fireEvent.click(within(region).getByRole('button', { name: 'Reanudar el cambio automático de noticias' }));
    fireEvent.blur(region);
    act(() => vi.advanceTimersByTime(NEWS_ROTATION_MS));
    expect(shownTitle(region)).toBe('Semana de la Seguridad');
  });

  it('stays put, and offers no pause button, for whoever prefers reduced motion', async () => {
    reducedMotion(true);
    serve();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderWithProviders(<DashboardHeader user={WITH_SLIDER} cia={NEWS_ON} />);
    const region = await slider();
    act(() => vi.advanceTimersByTime(NEWS_ROTATION_MS * 3));
    expect(shownTitle(region)).toBe('Semana de la Seguridad');
    expect(within(region).queryByRole('button', { name: /Pausar/ })).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Noticia siguiente' })).toBeInTheDocument();
  });
});
