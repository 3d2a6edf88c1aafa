import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { BlockAssignment } from './block-assignment';

const BASE = `${PRI}/catalogos/asignacion_bloques`;
const page = (rows: unknown[]) => () =>
  jsonResponse({ result: rows, pages: { pages: 1, ultima_page: 1, cantidad_registros: rows.length }, columns_with_selects: [] });

const BLOCKS = [
  { id_bloque: 1, nombre_bloque: 'Ruta de seguridad', nombre_tipo_bloque: 'Ruta', capacidad_asistencia: 5, total_temas: 2, activo: 1 },
  { id_bloque: 2, nombre_bloque: 'Bloque vacío', nombre_tipo_bloque: 'Ruta', capacidad_asistencia: 0, total_temas: 0, activo: 1 },
];
const PEOPLE = [10, 11, 12].map((cve) => ({ cve_empleado: cve, num_empleado: `A${cve}`, nombre_empleado: `Persona ${cve}`, puesto: 'Op', n4: 'ACME', planta: 'Norte' }));

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`POST ${PRI}/catalogos/bloques_cursos/tabla`]: page(BLOCKS),
    [`GET ${BASE}/1/temas`]: () => jsonResponse([{ cve_tema: 7, nombre: 'Incendios', abreviatura: 'NOM-002', modalidad: 'PRESENCIAL', horas: 2, orden: 1 }]),
    [`GET ${BASE}/1/cupo`]: () => jsonResponse({ capacidad_asistencia: 5, total_asistentes: 2, libres: 3 }),
    [`GET ${BASE}/2/temas`]: () =>
      jsonResponse({ resp: 'Debe asignar temas al bloque para poder inscribir personal', code: 'bloque.sin_temas' }, 409),
    [`GET ${BASE}/2/cupo`]: () => jsonResponse({ capacidad_asistencia: 0, total_asistentes: 0, libres: null }),
    [`POST ${PRI}/catalogos/empleados`]: page(PEOPLE),
    [`POST ${BASE}/1/asignar`]: () => jsonResponse({ resp: 'Excelente', requerimientos: [50, 51], empleados_alcanzados: 2, lugares_libres: 1 }),
    ...extra,
  });
}

function renderIt() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/menu/asignacion_bloques_asignar']}>
      <PageChromeProvider>
        <Routes>
          <Route path="/menu/asignacion_bloques_asignar" element={<BlockAssignment />} />
          <Route path="/menu/asignacion_bloques" element={<p>consulta</p>} />
        </Routes>
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

async function pickBlock(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Bloque' }));
  await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

beforeAll(async () => {
  await setupI18n('plans');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Ana', idperfil: 2, secciones: ['catalogos.asignacion_bloques'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('block assignment', () => {
  it("stops a block without topics with the spec's message", async () => {
    serve();
    renderIt();
    await pickBlock('Bloque vacío');
    expect(await screen.findByText('Debe asignar temas al bloque para poder inscribir personal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('refuses a list not smaller than the free seats, then assigns a smaller one', async () => {
    const api = serve();
    renderIt();
    await pickBlock('Ruta de seguridad');
    expect(await screen.findByText('Lugares libres: 3 de 5 (2 asignados)')).toBeInTheDocument();
    expect(await screen.findByText('NOM-002 · Incendios')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Por empleados' }));
    for (const cve of [10, 11, 12]) {
      const cell = await screen.findByRole('cell', { name: `Persona ${cve}` });
      await userEvent.click(within(cell.closest('tr') as HTMLElement).getByRole('checkbox'));
    }
    expect(screen.getByText('La lista debe ser menor que los lugares disponibles (3)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    const last = await screen.findByRole('cell', { name: 'Persona 12' });
    await userEvent.click(within(last.closest('tr') as HTMLElement).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/1/asignar`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/1/asignar`)[0]?.body).toEqual({ tipo_asignacion: 'empleados', puestos: [], empleados: [10, 11], obligatoria: true });
    expect(await screen.findByText('consulta')).toBeInTheDocument();
  });

  it('shows the server refusal (422 plan.sin_lugares) for positions', async () => {
    serve({
      [`POST ${PRI}/catalogos/estructura_puestos`]: page([{ cve_puesto: 4, puesto: 'Operador de Prensa', estructura: 'Producción', empleados: 9 }]),
      [`POST ${BASE}/1/asignar`]: () => jsonResponse({ resp: 'La lista debe ser menor que los lugares disponibles (3)', code: 'plan.sin_lugares' }, 422),
    });
    renderIt();
    await pickBlock('Ruta de seguridad');
    await screen.findByText('Lugares libres: 3 de 5 (2 asignados)');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    const cell = await screen.findByRole('cell', { name: 'Operador de Prensa' });
    await userEvent.click(within(cell.closest('tr') as HTMLElement).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Asignar' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('La lista debe ser menor que los lugares disponibles (3)'));
  });
});
