import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { Encuesta, EncuestaForm } from '../api/types';
import { TemplateForm } from './template-form';

const TOPICS = [
  { cve_tema: 7, nombre_tema: 'Seguridad industrial', abreviatura: 'SEG' },
  { cve_tema: 9, nombre_tema: 'Primeros auxilios', abreviatura: 'PA' },
];

function serve(onSave: (call: RecordedCall) => Response) {
  return mockFetch({
    [`GET ${PRI}/catalogos/temas/listar_temas/0`]: () => jsonResponse(TOPICS),
    [`POST ${PRI}/encuestas_cursos`]: onSave,
  });
}

const saved = (body: EncuestaForm): Encuesta => ({ ...body, id_encuesta: 4, respuestas: 0, temas_detalle: [] });

beforeAll(async () => {
  await setupI18n('surveys');
});
beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

describe('course survey template form', () => {
  it('refuses a question without its four answer options and sends nothing', async () => {
    const onSave = vi.fn((call: RecordedCall) => jsonResponse(saved(call.body as EncuestaForm), 201));
    const fetch = serve(onSave);
    renderWithProviders(<TemplateForm template={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Satisfacción del curso');
    await userEvent.type(screen.getByRole('textbox', { name: /^Pregunta/ }), '¿El instructor dominaba el tema?');
    await userEvent.type(screen.getByRole('textbox', { name: /^Respuesta 1/ }), 'Totalmente');
    await userEvent.type(screen.getByRole('textbox', { name: /^Respuesta 2/ }), 'En parte');
    await userEvent.type(screen.getByRole('textbox', { name: /^Respuesta 3/ }), 'Poco');
    await userEvent.click(screen.getByRole('button', { name: 'Crear encuesta' }));

    expect(await screen.findByText('Escribe las cuatro opciones de respuesta')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Respuesta 4/ })).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.calls.filter((c) => c.url.endsWith('/encuestas_cursos'))).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /^Respuesta 4/ }), 'Nada');
    await userEvent.click(screen.getByRole('button', { name: 'Crear encuesta' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0].body).toEqual({
      nombre: 'Satisfacción del curso',
      descripcion: null,
      activa: true,
      temas: [],
      preguntas: [{ pregunta: '¿El instructor dominaba el tema?', respuesta1: 'Totalmente', respuesta2: 'En parte', respuesta3: 'Poco', respuesta4: 'Nada' }],
    });
  });

  it('adds, reorders and removes questions, each with its own four options', async () => {
    const onSave = vi.fn((call: RecordedCall) => jsonResponse(saved(call.body as EncuestaForm), 201));
    serve(onSave);
    renderWithProviders(<TemplateForm template={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Encuesta');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar pregunta' }));
    expect(screen.getAllByRole('group', { name: /^Pregunta \d/ })).toHaveLength(2);
    const fill = async (group: HTMLElement, text: string) => {
      const boxes = Array.from(group.querySelectorAll('textarea, input')) as HTMLElement[];
      await userEvent.type(boxes[0] as HTMLElement, text);
      for (let i = 1; i <= 4; i++) await userEvent.type(boxes[i] as HTMLElement, `${text}-${i}`);
    };
    const groups = screen.getAllByRole('group', { name: /^Pregunta \d/ });
    await fill(groups[0] as HTMLElement, 'A');
    await fill(groups[1] as HTMLElement, 'B');
    await userEvent.click(screen.getByRole('button', { name: 'Subir la pregunta 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Crear encuesta' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const body = onSave.mock.calls[0]?.[0].body as EncuestaForm;
    expect(body.preguntas.map((q) => [q.pregunta, q.respuesta4])).toEqual([
      ['B', 'B-4'],
      ['A', 'A-4'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar la pregunta 1' }));
    expect(screen.getAllByRole('group', { name: /^Pregunta \d/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Quitar la pregunta 1' })).toBeDisabled();
  });
});
