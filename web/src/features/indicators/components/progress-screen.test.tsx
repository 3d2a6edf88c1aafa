import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, setupI18n } from '@/test/utils';
import type { Avance } from '../api/types';
import { ProgressScreen } from './progress-screen';
import { summaryOf, topByAudience } from './progress-rules';
import { OPTIONS, progressAnswer, renderScreen, row } from './test-fixtures';

vi.mock('./indicator-charts', () => ({
  GroupedBars: ({ labels }: { labels: string[] }) => <div data-testid="top-chart">{labels.join(';')}</div>,
  PercentBars: () => null,
}));

const FILTROS = `${PRI}/indicadores/filtros`;
const BLOQUES = `${PRI}/indicadores/avance_bloques_temas`;
const GRUPOS = `${PRI}/indicadores/avance_grupos_temas`;

const ROWS: Avance[] = [
  row({ id: 1, nombre: 'Seguridad industrial', detalle: 'Obligatorio', audiencia: 40, acreditados: 30, requeridos: 40, pendientes: 10, vencidos: 4, completos: 25, porcentaje: 75 }),
  row({ id: 2, nombre: 'Calidad', detalle: 'Opcional', audiencia: 12, acreditados: 3, requeridos: 12, pendientes: 9, vencidos: 0, completos: 3, porcentaje: 25 }),
  row({ id: 3, nombre: 'Ambiental', detalle: 'Obligatorio', audiencia: 25, acreditados: 25, requeridos: 25, pendientes: 0, vencidos: 1, completos: 25, porcentaje: 100 }),
];

function serve(url: string, filas: Avance[] | (() => Response)) {
  return mockFetch({
    [`GET ${FILTROS}`]: () => jsonResponse(OPTIONS),
    [`POST ${url}`]: typeof filas === 'function' ? filas : () => jsonResponse(progressAnswer(filas)),
  });
}

/** The names of the table's rows, top to bottom. */
const names = () => within(screen.getByTestId('progress-table')).getAllByTestId('progress-row').map((r) => within(r).getByRole('rowheader').textContent);

beforeAll(async () => {
  await setupI18n('indicators');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Analista',
    secciones: ['indicadores.bloques_temas', 'indicadores.grupos_temas'],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('an Avance screen', () => {
  it('shows a skeleton while the figures load', async () => {
    serve(BLOQUES, () => new Promise<Response>(() => undefined) as unknown as Response);
    renderScreen(<ProgressScreen kind="bloques" />, '/menu/avance_bloques_temas');
    expect(await screen.findByTestId('progress-skeleton')).toHaveAttribute('aria-busy', 'true');
  });

  it('sums audience, required and accredited, with the overall progress', async () => {
    serve(BLOQUES, ROWS);
    renderScreen(<ProgressScreen kind="bloques" />, '/menu/avance_bloques_temas');
    const summary = await screen.findByTestId('progress-summary');
    expect(within(summary).getByTestId('summary-audiencia')).toHaveTextContent('77');
    expect(within(summary).getByTestId('summary-requeridos')).toHaveTextContent('77');
    expect(within(summary).getByTestId('summary-acreditados')).toHaveTextContent('58');
    // 58 / 77 = 75.32 %
    expect(within(summary).getByTestId('summary-porcentaje')).toHaveTextContent('75.3 %');
  });

  it('sorts by any column from its heading, saying how in aria-sort', async () => {
    serve(BLOQUES, ROWS);
    renderScreen(<ProgressScreen kind="bloques" />, '/menu/avance_bloques_temas');
    await screen.findByTestId('progress-table');
    const table = screen.getByRole('table', { name: 'Avance por fila' });
    expect(names()).toEqual(['Ambiental', 'Calidad', 'Seguridad industrial']);
    const byName = within(table).getByRole('columnheader', { name: /Bloque/ });
    expect(byName).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(within(table).getByRole('button', { name: 'Audiencia' }));
    expect(names()).toEqual(['Seguridad industrial', 'Ambiental', 'Calidad']);
    const audience = within(table).getByRole('columnheader', { name: /Audiencia/ });
    expect(audience).toHaveAttribute('aria-sort', 'descending');
    expect(byName).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(table).getByRole('button', { name: 'Audiencia' }));
    expect(names()).toEqual(['Calidad', 'Ambiental', 'Seguridad industrial']);
    expect(audience).toHaveAttribute('aria-sort', 'ascending');

    // By keyboard too: the heading is a button.
    within(table).getByRole('button', { name: 'Vencidos' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(names()).toEqual(['Seguridad industrial', 'Ambiental', 'Calidad']);
    await userEvent.click(within(table).getByRole('button', { name: 'Tipo' }));
    expect(names()).toEqual(['Ambiental', 'Seguridad industrial', 'Calidad']);
  });

  it('draws each row’s progress as a named bar with its figure', async () => {
    serve(BLOQUES, ROWS);
    renderScreen(<ProgressScreen kind="bloques" />, '/menu/avance_bloques_temas');
    await screen.findByTestId('progress-table');
    const bar = screen.getByRole('progressbar', { name: 'Avance de Calidad: 25 %' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    const calidad = screen.getAllByTestId('progress-row').find((r) => within(r).queryByText('Calidad')) as HTMLElement;
    expect(within(calidad).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Opcional', '3', '12', '3', '9', '0', '3', '25 %']);
  });

  it('charts the ten with the largest audience', async () => {
    const many = Array.from({ length: 12 }, (_, i) => row({ id: i + 1, nombre: `Bloque ${i + 1}`, audiencia: i + 1 }));
    serve(BLOQUES, many);
    renderScreen(<ProgressScreen kind="bloques" />, '/menu/avance_bloques_temas');
    const card = await screen.findByTestId('progress-top');
    expect(await within(card).findByTestId('top-chart')).toHaveTextContent(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3'].map((n) => `Bloque ${n}`).join(';'));
    // Its figures are a table for screen readers as well.
    expect(within(card).getByRole('table', { name: 'Audiencia meta y personas completas de los 10 de mayor audiencia', hidden: true })).toBeInTheDocument();
  });

  it('has no detail column for topic groups, which have none', async () => {
    serve(GRUPOS, ROWS.map((r) => ({ ...r, detalle: '' })));
    renderScreen(<ProgressScreen kind="grupos" />, '/menu/avance_grupos_temas');
    const table = await screen.findByTestId('progress-table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Grupo',
      'Temas',
      'Audiencia',
      'Acreditados',
      'Pendientes',
      'Vencidos',
      'Completos',
      'Avance',
    ]);
  });

  it('says when nothing was found', async () => {
    serve(GRUPOS, []);
    renderScreen(<ProgressScreen kind="grupos" />, '/menu/avance_grupos_temas');
    expect(await screen.findByText('No se encontró información')).toBeInTheDocument();
    expect(screen.queryByTestId('progress-table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('progress-summary')).not.toBeInTheDocument();
  });

  it('says why the figures could not load and retries', async () => {
    let fail = true;
    serve(GRUPOS, () => (fail ? jsonResponse({ code: 'http.interno', resp: 'Error del servidor' }, 500) : jsonResponse(progressAnswer(ROWS))));
    renderScreen(<ProgressScreen kind="grupos" />, '/menu/avance_grupos_temas');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Problemas para consultar la información');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(names()).toHaveLength(3));
  });
});

describe('the Avance rules', () => {
  it('round the overall progress to one decimal and count nothing required as 0 %', () => {
    expect(summaryOf(ROWS).porcentaje).toBe(75.3);
    expect(summaryOf([]).porcentaje).toBe(0);
  });

  it('leave rows without audience out of the top', () => {
    expect(topByAudience([row({ id: 1, nombre: 'A', audiencia: 0 }), row({ id: 2, nombre: 'B', audiencia: 3 })]).map((r) => r.nombre)).toEqual(['B']);
  });
});
