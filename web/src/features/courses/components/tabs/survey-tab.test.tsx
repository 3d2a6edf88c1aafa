import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { CursoDetalle } from '../../api/types';
import { SurveyTab } from './survey-tab';
import { showsSurveyTab } from './survey-tab-rule';

const course = { cve_curso: 40, cve_tema: 7, nombre_tema: 'Seguridad industrial' } as CursoDetalle;

function signIn(secciones: string[]) {
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Ana', idperfil: 2, secciones });
}

const RESULTS = {
  participantes: 12,
  contestaron: 10,
  encuestas: [
    {
      id_encuesta: 3,
      nombre: 'Satisfacción del curso',
      preguntas: [
        {
          id_pregunta: 31,
          pregunta: '¿El instructor dominaba el tema?',
          opciones: [
            { respuesta: 'Totalmente', cantidad: 7, porcentaje: 70 },
            { respuesta: 'En parte', cantidad: 2, porcentaje: 20 },
            { respuesta: 'Poco', cantidad: 1, porcentaje: 10 },
            { respuesta: 'Nada', cantidad: 0, porcentaje: 0 },
          ],
        },
      ],
    },
  ],
};

beforeAll(async () => {
  await setupI18n('courses');
});
afterEach(() => vi.unstubAllGlobals());

describe("the course's survey tab", () => {
  it('shows only to whoever may see the results or change the survey', () => {
    signIn(['cursos.lista']);
    expect(showsSurveyTab()).toBe(false);
    signIn(['cursos.encuestas_resultados']);
    expect(showsSurveyTab()).toBe(true);
    signIn(['cursos.programar']);
    expect(showsSurveyTab()).toBe(true);
  });

  it('shows the results per option with counts and percentages', async () => {
    signIn(['cursos.encuestas_resultados']);
    mockFetch({ [`GET ${PRI}/cursos/40/encuesta/resultados`]: () => jsonResponse(RESULTS) });
    renderWithProviders(<SurveyTab course={course} readOnly={false} />);
    const table = await screen.findByRole('table', { name: /1\. ¿El instructor dominaba el tema\?/ });
    expect(within(table).getByRole('row', { name: /Totalmente 7 70[.,]0 %/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Nada 0 0[.,]0 %/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Encuesta que usa el curso' })).not.toBeInTheDocument();
  });

  it("overrides the topic's survey with another template, and goes back to the topic's", async () => {
    signIn(['cursos.programar']);
    const put = vi.fn((call: RecordedCall) => {
      const id = (call.body as { id_encuesta: number | null }).id_encuesta;
      return jsonResponse(id ? { id_encuesta: id, origen: 'curso', nombre: 'Encuesta breve' } : { id_encuesta: 3, origen: 'tema', nombre: 'Satisfacción del curso' });
    });
    mockFetch({
      [`GET ${PRI}/cursos/40/encuesta/asignacion`]: () => jsonResponse({ id_encuesta: 3, origen: 'tema', nombre: 'Satisfacción del curso' }),
      [`POST ${PRI}/encuestas_cursos/tabla`]: () =>
        jsonResponse({ result: [{ id_encuesta: 3, nombre: 'Satisfacción del curso' }, { id_encuesta: 5, nombre: 'Encuesta breve' }], pages: { total: 2 }, columns_with_selects: [] }),
      [`PUT ${PRI}/cursos/40/encuesta/asignacion`]: put,
    });
    renderWithProviders(<SurveyTab course={course} readOnly={false} />);
    expect(await screen.findByTestId('course-survey-current')).toHaveTextContent('El curso usa la encuesta del tema: Satisfacción del curso');
    await userEvent.click(screen.getByRole('combobox', { name: 'Encuesta que usa el curso' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Encuesta breve', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]?.[0].body).toEqual({ id_encuesta: 5 });
    expect(await screen.findByTestId('course-survey-current')).toHaveTextContent('El curso usa su propia encuesta: Encuesta breve');

    await userEvent.click(screen.getByRole('combobox', { name: 'Encuesta que usa el curso' }));
    await userEvent.click(await screen.findByRole('option', { name: 'La del tema', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put.mock.calls[1]?.[0].body).toEqual({ id_encuesta: null });
  });
});
