import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { CourseSurvey } from '../../api/course-survey';
import { CourseActions } from './course-actions';
import type { PlanCourseTopic } from './course-buttons';
import { planCourseTopic } from './course-topic.fixture';
import { showsSurveyButton } from './survey-rules';

const SURVEY: CourseSurvey = {
  id_encuesta: 3,
  nombre: 'Satisfacción del curso',
  descripcion: null,
  contestada: false,
  preguntas: [
    { id_pregunta: 31, pregunta: '¿El instructor dominaba el tema?', respuesta1: 'Totalmente', respuesta2: 'En parte', respuesta3: 'Poco', respuesta4: 'Nada', selected: 0 },
    { id_pregunta: 32, pregunta: '¿Recomendarías el curso?', respuesta1: 'Sí', respuesta2: 'Tal vez', respuesta3: 'Poco', respuesta4: 'No', selected: 0 },
  ],
};

const withSurvey = (extra: Record<string, unknown> = {}) =>
  planCourseTopic({ estado: 'Acreditado', calificacion: 90, confirmado: '1', ...extra } as Partial<PlanCourseTopic>) as PlanCourseTopic;

beforeAll(async () => {
  await setupI18n('plans');
});
beforeEach(() => {
  clearAlerts();
  setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion' }), { cve_empleado: 5, nombre_empleado: 'Luis', perfil_sistema: 'Participante' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the course survey button rule', () => {
  it('shows the button only when the survey is pending and the topic has its course', () => {
    expect(showsSurveyButton({ ...withSurvey(), encuesta_pendiente: true })).toBe(true);
    expect(showsSurveyButton({ ...withSurvey(), encuesta_pendiente: false })).toBe(false);
    expect(showsSurveyButton({ ...withSurvey(), encuesta_pendiente: undefined })).toBe(false);
    expect(showsSurveyButton({ ...withSurvey({ cve_curso: null }), encuesta_pendiente: true })).toBe(false);
  });

  it('puts the button on the card only for a pending survey', () => {
    const { unmount } = renderWithProviders(
      <MemoryRouter>
        <CourseActions topic={withSurvey({ encuesta_pendiente: false })} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Encuesta' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <MemoryRouter>
        <CourseActions topic={withSurvey({ encuesta_pendiente: true })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Encuesta' })).toBeInTheDocument();
  });
});

describe('the course survey modal', () => {
  it('asks for every answer, then sends them all and closes', async () => {
    const post = vi.fn((_: RecordedCall) => jsonResponse({ resp: 'Excelente' }));
    mockFetch({ [`GET ${PRI}/cursos/40/encuesta`]: () => jsonResponse(SURVEY), [`POST ${PRI}/cursos/40/encuesta`]: post });
    renderWithProviders(
      <MemoryRouter>
        <CourseActions topic={withSurvey({ encuesta_pendiente: true })} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Encuesta' }));
    const dialog = await screen.findByRole('dialog');
    const first = await within(dialog).findByRole('radiogroup', { name: /1\. ¿El instructor dominaba el tema\?/ });
    await userEvent.click(within(first).getByRole('radio', { name: 'En parte' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar encuesta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Contesta todas las preguntas.');
    expect(post).not.toHaveBeenCalled();

    const second = within(dialog).getByRole('radiogroup', { name: /2\. ¿Recomendarías el curso\?/ });
    await userEvent.click(within(second).getByRole('radio', { name: 'Sí' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar encuesta' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[0].body).toEqual({
      respuestas: [
        { id_pregunta: 31, selected: 2 },
        { id_pregunta: 32, selected: 1 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's reason when the survey is refused", async () => {
    mockFetch({
      [`GET ${PRI}/cursos/40/encuesta`]: () => jsonResponse({ ...SURVEY, preguntas: SURVEY.preguntas.slice(0, 1) }),
      [`POST ${PRI}/cursos/40/encuesta`]: () => jsonResponse({ resp: 'Ya contestaste esta encuesta.', code: 'encuestas.contestada' }, 409),
    });
    renderWithProviders(
      <MemoryRouter>
        <CourseActions topic={withSurvey({ encuesta_pendiente: true })} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Encuesta' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Poco' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar encuesta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya contestaste esta encuesta.');
  });
});
