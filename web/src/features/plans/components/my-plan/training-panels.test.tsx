import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { planCourseTopic } from './course-topic.fixture';
import { BlockTraining, PendingTraining } from './training-panels';

const BASE = `${PRI}/plan_capacitacion/consultar_plan_capacitacion`;
const PENDING = `${BASE}/planeada/5/Pendientes`;
const BLOCKS = `${BASE}/planeada/por-bloques/5/dat`;

const TOPICS = [
  planCourseTopic({ cve_tema: 7, nombre: 'Seguridad industrial', obligatoria: 1, acceso: true, link_img: '/api/pub/archivos/temas/seguridad.png' }),
  // No course yet: the plan offers to ask for a date; no picture: the neutral tile.
  planCourseTopic({ cve_tema: 8, nombre: 'Excel avanzado', obligatoria: 0, link_img: null, cve_curso: null, cve_inscripcion_ai: null, accion: null, material: null }),
];

function pending(temas: unknown[]) {
  return jsonResponse({ resp: 'Excelente', location: 'pendientes', cumplimiento: 50, total_pendientes: temas.length, total_completados: 1, temas });
}

function renderPanel(ui: React.ReactElement) {
  return renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);
}

beforeAll(async () => {
  await setupI18n('plans');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion' }), { cve_empleado: 5, nombre_empleado: 'Luis', idperfil: 8, secciones: ['plan.mi_plan'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard’s pending training', () => {
  it('shows each pending topic with its picture, name, Obligatorio or Opcional and the plan’s course buttons', async () => {
    const api = mockFetch({ [`POST ${PENDING}`]: () => pending(TOPICS) });
    const { container } = renderPanel(<PendingTraining cveEmpleado={5} />);
    expect(screen.getByTestId('pending-skeleton')).toBeInTheDocument();

    const safety = await screen.findByRole('article', { name: 'Seguridad industrial' });
    expect(within(safety).getByText('Obligatorio')).toBeInTheDocument();
    expect(within(safety).queryByText('Opcional')).not.toBeInTheDocument();
    // The picture is decorative: the name beside it says what it is.
    const picture = container.querySelector('img[src="/api/pub/archivos/temas/seguridad.png"]');
    expect(picture).not.toBeNull();
    expect(picture).toHaveAttribute('alt', '');
    // Enrolled and unconfirmed: the plan's attendance and material buttons.
    expect(within(safety).getByRole('button', { name: 'Confirmar asistencia' })).toBeInTheDocument();
    expect(within(safety).getByRole('link', { name: 'Material' })).toHaveAttribute('href', 'https://aula.example/material.pdf');

    const excel = screen.getByRole('article', { name: 'Excel avanzado' });
    expect(within(excel).getByText('Opcional')).toBeInTheDocument();
    expect(within(excel).queryByRole('img')).not.toBeInTheDocument();
    expect(within(excel).getByRole('button', { name: 'Solicitar fecha' })).toBeInTheDocument();

    expect(screen.queryByTestId('pending-skeleton')).not.toBeInTheDocument();
    // One request: the pending list without a search.
    expect(api.callsTo('POST', PENDING)).toHaveLength(1);
    expect(api.calls.find((c) => c.url.split('?')[0] === PENDING)?.body).toEqual({});
  });

  it('says so when nothing is pending', async () => {
    mockFetch({ [`POST ${PENDING}`]: () => pending([]) });
    renderPanel(<PendingTraining cveEmpleado={5} />);
    expect(await screen.findByText('No tienes temas pendientes')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('offers a retry when the plan cannot be read', async () => {
    let fail = true;
    mockFetch({ [`POST ${PENDING}`]: () => (fail ? jsonResponse({ resp: 'Falla', code: 'http.interno' }, 500) : pending(TOPICS)) });
    renderPanel(<PendingTraining cveEmpleado={5} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Problemas para consultar la información del plan de capacitación');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Seguridad industrial' })).toBeInTheDocument();
  });
});

describe('the dashboard’s training by blocks', () => {
  it('shows each block’s name, type and progress, and its topics as Acreditado or Pendiente in a modal', async () => {
    mockFetch({
      [`POST ${BLOCKS}`]: () =>
        jsonResponse({
          resp: 'Excelente',
          items: [
            {
              id_bloque: 9,
              nombre_bloque: 'Inducción digital',
              tipo_bloque: 'Ruta',
              estatus: '0',
              porcentaje_avance: 50,
              temas: [
                { cve_tema: 1, nombre: 'Ética', modalidad: 'E_LEARNING', acreditado: '1' },
                { cve_tema: 4, nombre: 'NOM-035', modalidad: 'E_LEARNING', acreditado: '0' },
              ],
            },
          ],
        }),
    });
    renderPanel(<BlockTraining cveEmpleado={5} />);
    const block = await screen.findByRole('article', { name: 'Inducción digital' });
    expect(within(block).getByText('Ruta')).toBeInTheDocument();
    expect(within(block).getByRole('progressbar', { name: 'Avance de Inducción digital' })).toHaveAttribute('aria-valuenow', '50');

    await userEvent.click(within(block).getByRole('button', { name: 'Temas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inducción digital' });
    const list = within(dialog).getByRole('list', { name: 'Temas de Inducción digital' });
    const [ethics, nom035] = within(list).getAllByRole('listitem');
    expect(ethics).toHaveTextContent('Ética');
    expect(within(ethics as HTMLElement).getByText('Acreditado')).toBeInTheDocument();
    expect(nom035).toHaveTextContent('NOM-035');
    expect(within(nom035 as HTMLElement).getByText('Pendiente')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says ‘Sin bloques’ without any', async () => {
    mockFetch({ [`POST ${BLOCKS}`]: () => jsonResponse({ resp: 'Excelente', items: [] }) });
    renderPanel(<BlockTraining cveEmpleado={5} />);
    expect(await screen.findByText('Sin bloques')).toBeInTheDocument();
  });
});
