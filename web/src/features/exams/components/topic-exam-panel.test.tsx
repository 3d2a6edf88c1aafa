import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { ExamenTema } from '../api/types';
import { TopicExamPanel } from './topic-exam-panel';

const URL = `${PRI}/temas/7/examen`;

function definition(extra: Partial<ExamenTema> = {}): ExamenTema {
  return {
    cve_tema: 7,
    configurado: false,
    num_preguntas: 12,
    barajar_preguntas: true,
    barajar_opciones: true,
    tiempo_estimado: 30,
    intentos: 3,
    descripcion_examen: null,
    autoservicio: false,
    preguntas_banco: 12,
    abiertas_banco: 2,
    modelo_evaluacion: 'conocimiento',
    calificacion_minima: 70,
    modalidad: 'E_LEARNING',
    ...extra,
  };
}

beforeAll(async () => {
  await setupI18n('exams');
});

afterEach(() => vi.unstubAllGlobals());

describe("a topic's exam definition", () => {
  it('shows the bank, the effective pass mark and saves the definition with the self-service switch', async () => {
    const api = mockFetch({
      [`GET ${URL}`]: () => jsonResponse(definition()),
      [`PUT ${URL}`]: (call) => jsonResponse({ ...definition(), ...(call.body as object), configurado: true }),
    });
    const user = userEvent.setup();
    renderWithProviders(<TopicExamPanel cveTema={7} />);
    expect(await screen.findByText('Banco: 12 preguntas (2 abiertas).')).toBeInTheDocument();
    expect(screen.getByText('Calificación mínima: 70 (conocimiento, 0–100)')).toBeInTheDocument();
    expect(screen.getByText('Valores predeterminados')).toBeInTheDocument();
    const minutes = screen.getByRole('textbox', { name: /Tiempo \(minutos\)/ });
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.type(screen.getByRole('textbox', { name: /Descripción/ }), '  Lee con calma  ');
    await user.click(screen.getByRole('switch', { name: /Examen de autoservicio/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', URL)[0]?.body).toEqual({
        num_preguntas: 12,
        barajar_preguntas: true,
        barajar_opciones: true,
        tiempo_estimado: 45,
        intentos: 3,
        descripcion_examen: 'Lee con calma',
        autoservicio: true,
      }),
    );
    expect(await screen.findByText('Configurado')).toBeInTheDocument();
  });

  it('offers the self-service switch only for E-learning topics', async () => {
    mockFetch({ [`GET ${URL}`]: () => jsonResponse(definition({ modalidad: 'PRESENCIAL' })) });
    renderWithProviders(<TopicExamPanel cveTema={7} />);
    expect(await screen.findByText('Banco: 12 preguntas (2 abiertas).')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Examen de autoservicio/ })).not.toBeInTheDocument();
  });

  it('goes back to the defaults after confirming', async () => {
    const api = mockFetch({
      [`GET ${URL}`]: () => jsonResponse(definition({ configurado: api.callsTo('DELETE', URL).length === 0 })),
      [`DELETE ${URL}`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<TopicExamPanel cveTema={7} />);
    await user.click(await screen.findByRole('button', { name: 'Quitar definición' }));
    expect(api.callsTo('DELETE', URL)).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Quitar definición' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitar definición' }));
    await waitFor(() => expect(api.callsTo('DELETE', URL)).toHaveLength(1));
    expect(await screen.findByText('Valores predeterminados')).toBeInTheDocument();
  });
});
