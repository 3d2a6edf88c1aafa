import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { TopicViewScreen } from './topic-view-screen';

const BASE = `${PRI}/plan_capacitacion/tema_view`;
const page = (rows: unknown[]) => () => jsonResponse({ result: rows, pages: { pages: 1, ultima_page: 1, cantidad_registros: rows.length }, columns_with_selects: [] });

beforeAll(async () => {
  await setupI18n('plans');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Ana', idperfil: 2, secciones: ['plan.tema_view'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('view by topic', () => {
  it('opens a topic from the table and lists who has it, then who lacks it', async () => {
    const api = mockFetch({
      [`POST ${BASE}/tabla`]: page([{ cve_tema: 7, abreviatura: 'NOM-035', nombre_tema: 'Riesgo psicosocial', requeridos: 10, acreditados: 6, vencidos: 1, no_acreditados: 1, pendientes: 2, porcentaje: 60 }]),
      [`GET ${BASE}/7`]: () =>
        jsonResponse({ tema: { cve_tema: 7, abreviatura: 'NOM-035', nombre_tema: 'Riesgo psicosocial', meses_certificacion: 12, horas: 4 }, requeridos: 10, acreditados: 6, vencidos: 1, no_acreditados: 1, pendientes: 2, porcentaje: 60, con_tema_fuera_de_plan: 2 }),
      [`POST ${BASE}/7/tabla`]: page([{ num_empleado: 'A1', nombre_empleado: 'Pat Díaz', puesto: 'Op', n4: 'ACME', planta: 'Norte', requerido_por_plan: 'SI', estado: 'Acreditado', fecha_acreditacion: '2026-01-01', vigencia: '2027-01-01' }]),
    });
    renderWithProviders(
      <MemoryRouter>
        <PageChromeProvider>
          <TopicViewScreen />
        </PageChromeProvider>
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('cell', { name: 'NOM-035 · Riesgo psicosocial' }));
    expect(await screen.findByText('Cumplimiento: 60 %')).toBeInTheDocument();
    expect(screen.getByText('2 empleados lo tienen acreditado sin que su plan lo requiera')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Pat Díaz' })).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/7/tabla`)[0]?.body).toMatchObject({ filtersEXT: { vista: 'con' } });
    await userEvent.click(screen.getByRole('radio', { name: 'Sin el tema' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/7/tabla`).at(-1)?.body).toMatchObject({ filtersEXT: { vista: 'sin' } }));
  });
});
