import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { PlantTopicsScreen } from './plant-topics-screen';

const TOPICS = [
  { cve_tema: 7, abreviatura: 'SEG-01', nombre_tema: 'Seguridad básica', modalidad: 'E_LEARNING' },
  { cve_tema: 8, abreviatura: 'ALT-01', nombre_tema: 'Trabajo en alturas', modalidad: 'PRESENCIAL' },
  { cve_tema: 9, abreviatura: 'MON-01', nombre_tema: 'Montacargas', modalidad: 'PRESENCIAL' },
];

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`GET ${PRI}/catalogos/plantas/opciones`]: () =>
      jsonResponse([
        { value: 3, label: 'Planta Norte' },
        { value: 4, label: 'Planta Sur' },
      ]),
    [`GET ${PRI}/catalogos/temas/listar_temas/0`]: () => jsonResponse(TOPICS),
    [`GET ${PRI}/plan_capacitacion/plantas_temas/3`]: () =>
      jsonResponse([{ cve_tema: 7, abreviatura: 'SEG-01', nombre_tema: 'Seguridad básica' }]),
    [`PUT ${PRI}/plan_capacitacion/plantas_temas/3`]: () => jsonResponse({ resp: 'Excelente' }),
    ...extra,
  });
}

function renderScreen() {
  return renderWithProviders(
    <PageChromeProvider>
      <PlantTopicsScreen />
    </PageChromeProvider>,
  );
}

async function pickPlant(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /^Planta/ }));
  await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

beforeAll(async () => {
  await setupI18n('topics');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Admin',
    idperfil: 1,
    secciones: ['plan.por_planta'],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('topics by plant', () => {
  it('asks for a plant first, then shows its topics apart from the available ones', async () => {
    const api = serve();
    renderScreen();
    expect(screen.getByText('Elige la planta para ver y editar los temas de capacitación que le corresponden.')).toBeInTheDocument();
    expect(api.callsTo('GET', `${PRI}/plan_capacitacion/plantas_temas/3`)).toHaveLength(0);
    await pickPlant('Planta Norte');
    const assigned = await screen.findByRole('list', { name: /Temas de la planta/ });
    const available = screen.getByRole('list', { name: /Temas disponibles/ });
    expect(within(assigned).getByText('SEG-01 · Seguridad básica')).toBeInTheDocument();
    expect(within(available).queryByText('SEG-01 · Seguridad básica')).not.toBeInTheDocument();
    expect(within(available).getByText('MON-01 · Montacargas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar temas' })).toBeDisabled();
  });

  it('moves topics with keyboard-reachable buttons and saves the list with PUT', async () => {
    const api = serve();
    renderScreen();
    await pickPlant('Planta Norte');
    const available = await screen.findByRole('list', { name: /Temas disponibles/ });
    const add = within(available).getByRole('button', { name: 'Agregar ALT-01 · Trabajo en alturas' });
    add.focus();
    await userEvent.keyboard('{Enter}');
    // Focus stays in the list, on the next topic to add.
    await waitFor(() => expect(within(available).getByRole('button', { name: 'Agregar MON-01 · Montacargas' })).toHaveFocus());
    await userEvent.click(within(screen.getByRole('list', { name: /Temas de la planta/ })).getByRole('button', { name: 'Quitar SEG-01 · Seguridad básica' }));
    expect(screen.getByText('Hay cambios sin guardar')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Guardar temas' }));
    await waitFor(() => expect(api.callsTo('PUT', `${PRI}/plan_capacitacion/plantas_temas/3`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${PRI}/plan_capacitacion/plantas_temas/3`)[0]?.body).toEqual({ temas: [8] });
    expect(await screen.findByText('Excelente')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar temas' })).toBeDisabled());
  });

  it("shows the server's message when the save fails", async () => {
    serve({
      [`PUT ${PRI}/plan_capacitacion/plantas_temas/3`]: () =>
        jsonResponse({ resp: 'La planta no existe', code: 'http.no_encontrado' }, 404),
    });
    renderScreen();
    await pickPlant('Planta Norte');
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar todos' }));
    expect(screen.getByText('3 temas asignados a Planta Norte')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar temas' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La planta no existe');
  });
});
