import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { DashboardSurvey, PreguntaDashboard } from '../api/dashboard-survey';
import { SurveyCard } from './survey-card';

// chart.js needs a canvas; the stub shows what the card hands to the chart.
vi.mock('./survey-chart', () => ({
  default: ({ labels, counts }: { labels: string[]; counts: number[] }) => (
    <div data-testid="survey-chart">{labels.map((l, i) => `${l}=${counts[i]}`).join(';')}</div>
  ),
}));

const URL = `${PRI}/dashboard/encuestas`;

function question(id: number, pregunta: string, counts: (number | null)[] = [null, null, null, null], selected = 0): PreguntaDashboard {
  return {
    encuesta: 'Clima laboral 2026',
    id_pregunta: id,
    pregunta,
    respuesta1: 'Excelente',
    respuesta2: 'Bueno',
    respuesta3: 'Regular',
    respuesta4: 'Malo',
    respuesta1_cantidad: counts[0] ?? null,
    respuesta2_cantidad: counts[1] ?? null,
    respuesta3_cantidad: counts[2] ?? null,
    respuesta4_cantidad: counts[3] ?? null,
    selected,
  };
}

const UNANSWERED: DashboardSurvey = {
  encuesta_contestada: false,
  encuestas: [question(11, '¿Cómo calificas la capacitación?'), question(12, '¿Cómo calificas las instalaciones?')],
};
const ANSWERED: DashboardSurvey = {
  encuesta_contestada: true,
  encuestas: [question(11, '¿Cómo calificas la capacitación?', [6, 3, 1, 0], 1), question(12, '¿Cómo calificas las instalaciones?', [2, 5, 2, 1], 2)],
};

beforeAll(async () => {
  await setupI18n('dashboard');
});
afterEach(() => vi.unstubAllGlobals());

describe('dashboard survey card', () => {
  it('shows the send button only once an answer is chosen, then the results after sending', async () => {
    let state = UNANSWERED;
    const post = vi.fn((call: RecordedCall) => {
      expect(call.body).toEqual({ encuestas: [{ id_pregunta: 11, selected: 2 }] });
      state = ANSWERED;
      return jsonResponse({ resp: 'Excelente' });
    });
    mockFetch({ [`GET ${URL}`]: () => jsonResponse(state), [`POST ${URL}`]: post });
    renderWithProviders(<SurveyCard idperfil={8} />);

    const first = await screen.findByRole('radiogroup', { name: /1\. ¿Cómo calificas la capacitación\?/ });
    expect(screen.getByRole('heading', { name: 'Clima laboral 2026' })).toBeInTheDocument();
    expect(within(first).getAllByRole('radio')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Enviar encuesta' })).not.toBeInTheDocument();

    await userEvent.click(within(first).getByRole('radio', { name: 'Bueno' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar encuesta' }));

    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const charts = await screen.findAllByTestId('survey-chart');
    expect(charts).toHaveLength(2);
    expect(charts[0]).toHaveTextContent('Excelente=6;Bueno=3;Regular=1;Malo=0');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar encuesta' })).not.toBeInTheDocument();
  });

  it('opens in results mode when already answered, with the figures as a table too', async () => {
    mockFetch({ [`GET ${URL}`]: () => jsonResponse(ANSWERED) });
    renderWithProviders(<SurveyCard idperfil={5} />);
    const table = await screen.findByRole('table', { name: /1\. ¿Cómo calificas la capacitación\?/ });
    expect(within(table).getByRole('row', { name: /Excelente \(tu respuesta\) 6 60 %/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Malo 0 0 %/ })).toBeInTheDocument();
    expect(screen.getAllByTestId('survey-chart')).toHaveLength(2);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows the Contratista the thank-you text and no chart', async () => {
    const forContratista: DashboardSurvey = { encuesta_contestada: true, encuestas: [question(11, '¿Cómo calificas la capacitación?', [null, null, null, null], 3)] };
    mockFetch({ [`GET ${URL}`]: () => jsonResponse(forContratista) });
    renderWithProviders(<SurveyCard idperfil={4} />);
    expect(await screen.findByText(/Gracias por contestar la encuesta/)).toBeInTheDocument();
    expect(screen.queryByTestId('survey-chart')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the Contratista on the thank-you text even when counts arrive', async () => {
    mockFetch({ [`GET ${URL}`]: () => jsonResponse(ANSWERED) });
    renderWithProviders(<SurveyCard idperfil={4} />);
    expect(await screen.findByText(/Gracias por contestar la encuesta/)).toBeInTheDocument();
    expect(screen.queryByTestId('survey-chart')).not.toBeInTheDocument();
  });

  it("says 'Problemas para enviar la encuesta' when sending fails, and keeps the answers", async () => {
    mockFetch({
      [`GET ${URL}`]: () => jsonResponse(UNANSWERED),
      [`POST ${URL}`]: () => new Response('', { status: 502 }),
    });
    renderWithProviders(<SurveyCard idperfil={8} />);
    const first = await screen.findByRole('radiogroup', { name: /1\./ });
    await userEvent.click(within(first).getByRole('radio', { name: 'Regular' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar encuesta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Problemas para enviar la encuesta');
    expect(within(first).getByRole('radio', { name: 'Regular' })).toBeChecked();
    expect(screen.queryByTestId('survey-chart')).not.toBeInTheDocument();
  });

  it('shows nothing when there is no active survey', async () => {
    const fetch = mockFetch({ [`GET ${URL}`]: () => jsonResponse({ encuestas: [], encuesta_contestada: false }) });
    renderWithProviders(<SurveyCard idperfil={8} />);
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
