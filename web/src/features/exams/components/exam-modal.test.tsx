import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { ExamenParticipante, Pregunta, ResultadoExamen } from '../api/types';
import { ExamModal } from './exam-modal';

const BASE = `${PRI}/plan_capacitacion/consultar_plan_capacitacion/planeada/5/presentar_examen/40`;
const TARGET = { cve_empleado: 5, cve_curso: 40, cve_tema: 7 };

function exam(extra: { preguntas?: Pregunta[]; segundos?: number | null } = {}): ExamenParticipante {
  return {
    preguntas: extra.preguntas ?? [
      {
        label: '¿Qué color indica peligro?',
        tipo_pregunta: 'Opción única',
        respuesta: '',
        respuestas: [
          { label: 'Rojo', selected: false },
          { label: 'Verde', selected: false },
          { label: 'Azul', selected: false },
        ],
      },
      {
        label: 'Elige los equipos de protección',
        tipo_pregunta: 'Múltiples respuestas',
        respuesta: '',
        respuestas: [
          { label: 'Casco', selected: false },
          { label: 'Corbata', selected: false },
          { label: 'Guantes', selected: false },
        ],
      },
      { label: 'Describe el procedimiento de bloqueo', tipo_pregunta: 'Abierta', respuesta: '', respuestas: [] },
    ],
    detalle: {
      tiempo_estimado: 30,
      descripcion_examen: 'Examen de seguridad industrial',
      nombre_tema: 'Seguridad industrial',
      intento: 1,
      intentos: 3,
      int_rest: 2,
      inicio: '2026-05-14T15:00:00Z',
      vence: '2026-05-14T15:30:00Z',
      segundos_restantes: extra.segundos === undefined ? 1800 : extra.segundos,
    },
  };
}

function answered(preguntas: Pregunta[], picks: Record<number, number[] | string>): Pregunta[] {
  return preguntas.map((q, i) => {
    const pick = picks[i];
    if (typeof pick === 'string') return { ...q, respuesta: pick };
    return { ...q, respuestas: q.respuestas.map((r, j) => ({ ...r, selected: !!pick?.includes(j) })) };
  });
}

const failed: ResultadoExamen = { resp: 'Excelente', acreditado: false, int_rest: 2, calificacion: 33.3, pendiente_revision: false, fuera_de_tiempo: false };

function setup(routes: { get?: () => Response; put?: (call: RecordedCall) => Response; post?: () => Response } = {}) {
  const api = mockFetch({
    [`GET ${BASE}`]: routes.get ?? (() => jsonResponse(exam())),
    [`PUT ${BASE}/respuesta`]: routes.put ?? (() => jsonResponse({ resp: 'Excelente', guardado: '2026-05-14T15:01:00Z' })),
    [`POST ${BASE}`]: routes.post ?? (() => jsonResponse(failed)),
  });
  const onClose = vi.fn();
  const onFinished = vi.fn();
  const view = renderWithProviders(<ExamModal target={TARGET} title="Seguridad industrial" onClose={onClose} onFinished={onFinished} />);
  return { api, onClose, onFinished, unmount: view.unmount, puts: () => api.callsTo('PUT', `${BASE}/respuesta`).map((c) => c.body) };
}

beforeAll(async () => {
  await setupI18n('exams');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the exam modal (spec §4 cycle, §5 rules)', () => {
  it('goes intro → one question at a time → result, saving each answer by position', async () => {
    const user = userEvent.setup();
    const { api, puts, onFinished, onClose } = setup();

    // Intro: the attempt's facts.
    expect(await screen.findByText('Examen de seguridad industrial')).toBeInTheDocument();
    expect(screen.getByText('Intento 1 de 3')).toBeInTheDocument();
    expect(screen.getByText('30 minutos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));

    // Single answer: Next waits for an option, and a second pick replaces the first.
    expect(screen.getByRole('heading', { name: 'Pregunta 1 de 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Verde' }));
    await user.click(screen.getByRole('radio', { name: 'Rojo' }));
    expect(screen.getByRole('radio', { name: 'Rojo' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Verde' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
    await waitFor(() => expect(puts()).toEqual([{ pregunta: 0, seleccion: [1] }, { pregunta: 0, seleccion: [0] }]));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    // Multiple answers: several options stay chosen.
    expect(screen.getByRole('heading', { name: 'Pregunta 2 de 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Casco' }));
    await user.click(screen.getByRole('checkbox', { name: 'Guantes' }));
    expect(screen.getByRole('checkbox', { name: 'Casco' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Guantes' })).toBeChecked();
    await waitFor(() => expect(puts().at(-1)).toEqual({ pregunta: 1, seleccion: [0, 2] }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    // The last question: 'Enviar respuestas' instead of Next, enabled once answered.
    expect(screen.getByRole('heading', { name: 'Pregunta 3 de 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar respuestas' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /procedimiento de bloqueo/ }), 'Candado y etiqueta');
    expect(screen.getByRole('button', { name: 'Enviar respuestas' })).toBeEnabled();
    // Text is saved once, after the typing pauses.
    await waitFor(() => expect(puts().filter((b) => (b as { pregunta: number }).pregunta === 2)).toEqual([{ pregunta: 2, respuesta: 'Candado y etiqueta' }]), { timeout: 2000 });
    expect(await screen.findByText('Guardado')).toBeInTheDocument();

    // Previous keeps the answers.
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByRole('checkbox', { name: 'Casco' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));

    // The hand-in carries the GET's shape with the choices.
    await waitFor(() => expect(api.callsTo('POST', BASE)).toHaveLength(1));
    const sent = (api.callsTo('POST', BASE)[0]?.body as { preguntas: Pregunta[] }).preguntas;
    expect(sent).toEqual(answered(exam().preguntas, { 0: [0], 1: [0, 2], 2: 'Candado y etiqueta' }));

    // Spec §8: failed, with the attempts left and the grade.
    expect(await screen.findByText('No acreditaste tu examen, te quedan 2 intentos')).toBeInTheDocument();
    expect(screen.getByText('Calificación: 33.3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onFinished).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('resumes a reloaded attempt at its first unanswered question with the saved answers', async () => {
    const user = userEvent.setup();
    const saved = answered(exam().preguntas, { 0: [2], 1: [1] });
    setup({ get: () => jsonResponse(exam({ preguntas: saved })) });
    expect(await screen.findByRole('heading', { name: 'Pregunta 3 de 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Comenzar' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByRole('checkbox', { name: 'Corbata' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Casco' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByRole('radio', { name: 'Azul' })).toBeChecked();
  });

  it('says when an answer could not be saved and saves it again with the next change', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { puts } = setup({
      put: () => (fail ? new Response('', { status: 500 }) : jsonResponse({ resp: 'Excelente', guardado: 'x' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Comenzar' }));
    await user.click(screen.getByRole('radio', { name: 'Verde' }));
    expect(await screen.findByText('Problemas para grabar el examen')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(screen.getByRole('checkbox', { name: 'Casco' }));
    // The failed answer goes again with the new one.
    await waitFor(() => expect(puts().slice(1)).toEqual([{ pregunta: 0, seleccion: [1] }, { pregunta: 1, seleccion: [0] }]));
    expect(await screen.findByText('Guardado')).toBeInTheDocument();
    expect(screen.queryByText('Problemas para grabar el examen')).not.toBeInTheDocument();
  });

  it('saves the text typed just before closing', async () => {
    const user = userEvent.setup();
    const saved = answered(exam().preguntas, { 0: [0], 1: [0] });
    const { puts, onClose, unmount } = setup({ get: () => jsonResponse(exam({ preguntas: saved })) });
    await user.type(await screen.findByRole('textbox'), 'Candado');
    await user.click(screen.getByRole('button', { name: 'Cerrar el examen' }));
    expect(onClose).toHaveBeenCalled();
    // The parent unmounts the modal at once; the pending save must not die with it.
    unmount();
    await waitFor(() => expect(puts()).toEqual([{ pregunta: 2, respuesta: 'Candado' }]));
  });

  it('hands in by itself when the time runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = setup({ get: () => jsonResponse(exam({ preguntas: answered(exam().preguntas, { 0: [0] }), segundos: 3 })) });
    expect(await screen.findByRole('timer')).toHaveTextContent('0:03');
    expect(api.callsTo('POST', BASE)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(3500));
    await waitFor(() => expect(api.callsTo('POST', BASE)).toHaveLength(1));
    const sent = (api.callsTo('POST', BASE)[0]?.body as { preguntas: Pregunta[] }).preguntas;
    expect(sent[0]?.respuestas.map((r) => r.selected)).toEqual([true, false, false]);
    expect(await screen.findByText('No acreditaste tu examen, te quedan 2 intentos')).toBeInTheDocument();
  });

  it('announces the time left only by the minute', async () => {
    setup({ get: () => jsonResponse(exam({ segundos: 125 })) });
    expect(await screen.findByRole('timer')).toHaveTextContent('2:05');
    expect(screen.getByText('Quedan 3 minutos').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('timer')).not.toHaveAttribute('aria-live');
  });

  it("shows 'Felicidades, aprobaste tu examen' with the grade", async () => {
    const user = userEvent.setup();
    const saved = answered(exam().preguntas, { 0: [0], 1: [0, 2], 2: 'Candado' });
    setup({
      get: () => jsonResponse(exam({ preguntas: saved })),
      post: () => jsonResponse({ ...failed, acreditado: true, calificacion: 100, int_rest: 2 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Enviar respuestas' }));
    expect(await screen.findByText('Felicidades, aprobaste tu examen')).toBeInTheDocument();
    expect(screen.getByText('Calificación: 100')).toBeInTheDocument();
  });

  it('says the open answers await the instructor when the result is pending', async () => {
    const user = userEvent.setup();
    const saved = answered(exam().preguntas, { 0: [0], 1: [0], 2: 'Candado' });
    setup({
      get: () => jsonResponse(exam({ preguntas: saved })),
      post: () => jsonResponse({ ...failed, calificacion: null, pendiente_revision: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Enviar respuestas' }));
    expect(await screen.findByText(/esperan la revisión del instructor/)).toBeInTheDocument();
    expect(screen.queryByText(/No acreditaste/)).not.toBeInTheDocument();
  });

  it("shows 'Problemas para traer la evaluación' when the exam cannot load, and tries again", async () => {
    const user = userEvent.setup();
    let down = true;
    setup({ get: () => (down ? new Response('', { status: 500 }) : jsonResponse(exam())) });
    expect(await screen.findByText('Problemas para traer la evaluación')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Comenzar' })).not.toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Comenzar' })).toBeInTheDocument();
    expect(screen.queryByText('Problemas para traer la evaluación')).not.toBeInTheDocument();
  });

  it("shows the server's reason when no attempt is left", async () => {
    setup({ get: () => jsonResponse({ resp: 'Ya no te quedan intentos para este examen.', code: 'examenes.sin_intentos' }, 409) });
    expect(await screen.findByText('Problemas para traer la evaluación')).toBeInTheDocument();
    expect(screen.getByText('Ya no te quedan intentos para este examen.')).toBeInTheDocument();
  });

  it('asks a self-service exam by topic, with course 0', async () => {
    const self = `${PRI}/plan_capacitacion/consultar_plan_capacitacion/planeada/5/presentar_examen/0`;
    const api = mockFetch({ [`GET ${self}`]: () => jsonResponse(exam()) });
    renderWithProviders(<ExamModal target={{ cve_empleado: 5, cve_curso: null, cve_tema: 7 }} title="Seguridad" onClose={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Comenzar' })).toBeInTheDocument();
    expect(api.callsTo('GET', self)[0]?.url).toContain('cve_tema=7');
  });
});
