import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { DashboardHeader } from './dashboard-header';

const WEATHER = `${PRI}/ciudades/empleado/7/clima`;
const USER = { cve_empleado: 7, nombre_empleado: 'Laura Méndez Garza', idperfil: 1, secciones: [] };

beforeAll(async () => {
  await setupI18n('dashboard');
});
afterEach(() => vi.unstubAllGlobals());

describe('dashboard header weather', () => {
  it('shows the temperature and the city of one’s plant', async () => {
    mockFetch({ [`GET ${WEATHER}`]: () => jsonResponse({ temperature: 26, nomciudad: 'Monterrey', latitude: 25.67, longitude: -100.31 }) });
    renderWithProviders(<DashboardHeader user={USER} />);
    expect(await screen.findByTestId('weather')).toHaveTextContent('26 °C · Monterrey');
  });

  it('shows nothing, and no dialog, when the server knows no city', async () => {
    const api = mockFetch({ [`GET ${WEATHER}`]: () => jsonResponse({ temperature: 0, nomciudad: '', latitude: null, longitude: null }) });
    renderWithProviders(<DashboardHeader user={USER} />);
    await waitFor(() => expect(api.callsTo('GET', WEATHER)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('weather')).not.toBeInTheDocument();
    expect(screen.queryByText(/°C/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows nothing, and no dialog, when the request fails', async () => {
    const api = mockFetch({ [`GET ${WEATHER}`]: () => jsonResponse({ resp: 'Error', code: 'interno.error' }, 500) });
    renderWithProviders(<DashboardHeader user={USER} />);
    await waitFor(() => expect(api.callsTo('GET', WEATHER)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('weather')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
