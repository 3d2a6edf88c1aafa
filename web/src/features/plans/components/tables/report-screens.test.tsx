import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { ExpiringScreen, GeneralHistoryScreen, TopicProgressScreen } from './report-screens';

const page = (rows: unknown[]) => () =>
  jsonResponse({ result: rows, pages: { pages: 1, ultima_page: 1, cantidad_registros: rows.length }, columns_with_selects: [] });

function renderIn(ui: React.ReactElement) {
  return renderWithProviders(
    <MemoryRouter>
      <PageChromeProvider>{ui}</PageChromeProvider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupI18n('plans');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Ana', idperfil: 2, secciones: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('plan reports', () => {
  it('general history: ledger rows with origin, validity and state, filtered by the date range', async () => {
    const url = `${PRI}/plan_capacitacion/historial_capacitacion_general/tabla`;
    const api = mockFetch({
      [`POST ${url}`]: page([
        { num_empleado: 'A1', nombre_empleado: 'Pat Díaz', puesto: 'Operador', n4: 'ACME', planta: 'Norte', abreviatura: 'NOM-035', nombre_tema: 'Riesgo psicosocial', fecha: '2026-10-01', calificacion: 90, origen: 'historial', vigencia: '9999-12-31', estado: 'Acreditado' },
      ]),
    });
    renderIn(<GeneralHistoryScreen />);
    expect(await screen.findByText('NOM-035 · Riesgo psicosocial')).toBeInTheDocument();
    expect(screen.getByText('Sin vencimiento')).toBeInTheDocument();
    expect(screen.getByText('Acreditado')).toBeInTheDocument();
    // What was taken, when and how it ended come right after the person (visible at 1366 px).
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers.indexOf('Tema')).toBe(headers.indexOf('Empleado') + 1);
    expect(headers.indexOf('Fecha')).toBe(headers.indexOf('Tema') + 1);
    expect(headers.indexOf('Estado')).toBe(headers.indexOf('Fecha') + 1);
    const body = api.callsTo('POST', url)[0]?.body as { fecha_inicial?: string; fecha_final?: string };
    expect(body.fecha_inicial).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.fecha_final).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('expiring report: looks from today to +30 days and filters by notice window', async () => {
    const url = `${PRI}/plan_capacitacion/capacitaciones_proximas_vencer/tabla`;
    const api = mockFetch({ [`POST ${url}`]: page([]) });
    renderIn(<ExpiringScreen />);
    expect(await screen.findByText('Ninguna acreditación vence en el periodo')).toBeInTheDocument();
    // The topic and its expiry come right after the person, before the org columns.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers.indexOf('Tema')).toBe(headers.indexOf('Empleado') + 1);
    expect(headers.indexOf('Vigencia')).toBe(headers.indexOf('Tema') + 1);
    expect(headers.indexOf('Vigencia')).toBeLessThan(headers.indexOf('Puesto'));
    const today = new Date();
    await waitFor(() =>
      expect(api.callsTo('POST', url).at(-1)?.body).toMatchObject({
        fecha_inicial: format(today, 'yyyy-MM-dd'),
        fecha_final: format(addDays(today, 30), 'yyyy-MM-dd'),
      }),
    );
    await userEvent.click(screen.getByRole('radio', { name: '15 días' }));
    await waitFor(() => expect(api.callsTo('POST', url).at(-1)?.body).toMatchObject({ filtersEXT: { ventana: 15 } }));
  });

  it('topic progress: per-topic counts and compliance, with links to the other views', async () => {
    const url = `${PRI}/plan_capacitacion/plan_formacion/avance_tema/tabla`;
    mockFetch({
      [`POST ${url}`]: page([{ cve_tema: 7, abreviatura: 'NOM-002', nombre_tema: 'Incendios', requeridos: 40, acreditados: 30, vencidos: 4, no_acreditados: 1, pendientes: 5, porcentaje: 75 }]),
    });
    renderIn(<TopicProgressScreen program="formacion" />);
    expect(await screen.findByText('75 %')).toBeInTheDocument();
    // Compliance right after the topic, so it is not scrolled out of sight.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers.indexOf('Cumplimiento')).toBe(headers.indexOf('Tema') + 1);
    expect(screen.getByRole('link', { name: 'Avance consolidado por puesto' })).toHaveAttribute('href', '/menu/plan_formacion_avance_consolidado');
  });
});
