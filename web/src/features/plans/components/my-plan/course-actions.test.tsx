import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts, pendingAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { CourseActions } from './course-actions';
import type { PlanCourseTopic } from './course-buttons';
import { planCourseTopic } from './course-topic.fixture';
import { PlanExamContext, type PlanExamRequest } from './exam-slot';
import { PlanScormContext, type PlanScormRequest } from './scorm-slot';

const TODAY = new Date().toISOString().slice(0, 10);

function topic(extra: Partial<PlanCourseTopic> = {}): PlanCourseTopic {
  return planCourseTopic({ fecha_curso: TODAY, acceso: true, ...extra });
}

function renderCard(t: PlanCourseTopic) {
  renderWithProviders(
    <MemoryRouter>
      <CourseActions topic={t} />
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupI18n('plans');
});

beforeEach(() => {
  clearAlerts();
  setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion' }), { cve_empleado: 5, nombre_empleado: 'Luis', perfil_sistema: 'Participante' });
});

afterEach(() => vi.unstubAllGlobals());

describe("the plan's course buttons", () => {
  it("confirms attendance with the topic's enrolment", async () => {
    const api = mockFetch({ [`POST ${PRI}/mobile/cursos/confirmar_asistencia`]: () => jsonResponse({ resp: 'Excelente' }) });
    const user = userEvent.setup();
    renderCard(topic());
    await user.click(screen.getByRole('button', { name: 'Confirmar asistencia' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/mobile/cursos/confirmar_asistencia`)[0]?.body).toEqual({ cve_inscripcion_ai: 900 }));
  });

  it("shows 'Problemas para confirmar Asistencia' when the server says nothing", async () => {
    mockFetch({ [`POST ${PRI}/mobile/cursos/confirmar_asistencia`]: () => new Response('', { status: 500 }) });
    const user = userEvent.setup();
    renderCard(topic());
    await user.click(screen.getByRole('button', { name: 'Confirmar asistencia' }));
    await waitFor(() => expect(pendingAlerts().map((a) => a.message)).toEqual(['Problemas para confirmar Asistencia']));
  });

  it('hides attendance confirmation from an Instructor', () => {
    setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion' }), { cve_empleado: 5, nombre_empleado: 'Luis', perfil_sistema: 'Instructor' });
    mockFetch({});
    renderCard(topic());
    expect(screen.queryByRole('button', { name: 'Confirmar asistencia' })).not.toBeInTheDocument();
  });

  it("marks the material done with 'Material Completado'", async () => {
    const api = mockFetch({ [`PUT ${PRI}/mobile/temas/material/completado/900`]: () => jsonResponse({ resp: 'Material Completado' }) });
    const user = userEvent.setup();
    renderCard(topic({ confirmado: '1' }));
    expect(screen.getByRole('link', { name: 'Material' })).toHaveAttribute('href', 'https://aula.example/material.pdf');
    await user.click(screen.getByRole('button', { name: 'Material Completado' }));
    await waitFor(() => expect(api.callsTo('PUT', `${PRI}/mobile/temas/material/completado/900`)).toHaveLength(1));
  });

  it('offers the meeting of an online course', () => {
    mockFetch({});
    renderCard(topic({ material: null, meeting: 'https://meet.jit.si/Aula-abc' }));
    expect(screen.getByRole('link', { name: 'Entrar a la reunión' })).toHaveAttribute('href', 'https://meet.jit.si/Aula-abc');
  });

  it('shows the waiting-list place', () => {
    mockFetch({});
    renderCard(topic({ accion: 'espera', turno_espera: 2 }));
    expect(screen.getByText('Lista de espera: lugar 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar asistencia' })).not.toBeInTheDocument();
  });

  it('asks for a course date from today on', async () => {
    const api = mockFetch({ [`POST ${PRI}/cursos/solicitudes_curso`]: () => jsonResponse({ resp: 'Excelente', cve_solicitud_curso: 3 }) });
    const user = userEvent.setup();
    renderCard(topic({ cve_curso: null, cve_inscripcion_ai: null, accion: null }));
    expect(screen.getByRole('link', { name: 'Solicitar lugar' })).toHaveAttribute('href', '/menu/calendar_cursos?cve_tema=7');
    await user.click(screen.getByRole('button', { name: 'Solicitar fecha' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Elige una fecha de hoy en adelante')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Fecha deseada/), '2099-01-15');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/cursos/solicitudes_curso`)[0]?.body).toEqual({ cve_tema: 7, fecha_deseada: '2099-01-15' }));
  });

  it('opens the exam of the course for the signed-in employee and closes it', async () => {
    mockFetch({});
    const requests: PlanExamRequest[] = [];
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <PlanExamContext
          value={(request) => {
            requests.push(request);
            return (
              <button type="button" onClick={request.onClose}>
                {`examen ${request.cve_curso ?? 'autoservicio'} de ${request.cve_empleado}`}
              </button>
            );
          }}
        >
          <CourseActions topic={topic({ presentar_examen: '1', intentos: 0, intentos_disponibles: 3 })} />
        </PlanExamContext>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Examen' }));
    expect(requests.at(-1)).toMatchObject({ cve_empleado: 5, cve_curso: 40, cve_tema: 7, nombre: 'Seguridad industrial' });
    await user.click(screen.getByRole('button', { name: 'examen 40 de 5' }));
    expect(screen.queryByRole('button', { name: 'examen 40 de 5' })).not.toBeInTheDocument();
  });

  it("opens a self-service exam without a course when the server's acceso allows it", async () => {
    mockFetch({});
    const requests: PlanExamRequest[] = [];
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <PlanExamContext
          value={(request) => {
            requests.push(request);
            return null;
          }}
        >
          <CourseActions topic={topic({ cve_curso: null, cve_inscripcion_ai: null, accion: 'examen', acceso: true, intentos: 0, intentos_disponibles: 2, fecha_curso: null })} />
        </PlanExamContext>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Examen' }));
    expect(requests.at(-1)).toMatchObject({ cve_empleado: 5, cve_curso: null, cve_tema: 7 });
  });
  it("opens a topic's SCORM package in the player instead of a link, for the signed-in employee", async () => {
    mockFetch({});
    const requests: PlanScormRequest[] = [];
    const user = userEvent.setup();
    const scormTopic = topic({ cve_curso: null, cve_inscripcion_ai: null, accion: null, material: null, link: 'scorm/montacargas-12', clave_scorm: 'montacargas-12' });
    renderWithProviders(
      <MemoryRouter>
        <PlanScormContext
          value={(request) => {
            requests.push(request);
            return (
              <button
                type="button"
                onClick={() => {
                  request.onFinished();
                  request.onClose();
                }}
              >
                {`reproductor ${request.cve_tema} de ${request.cve_empleado}`}
              </button>
            );
          }}
        >
          <CourseActions topic={scormTopic} />
        </PlanScormContext>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Curso' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Curso' }));
    expect(requests.at(-1)).toMatchObject({ cve_empleado: 5, nombre_empleado: 'Luis', cve_tema: 7, nombre: 'Seguridad industrial' });
    await user.click(screen.getByRole('button', { name: 'reproductor 7 de 5' }));
    expect(screen.queryByRole('button', { name: 'reproductor 7 de 5' })).not.toBeInTheDocument();
  });

  it('keeps an external SCORM link as a link when the topic has no package of its own', () => {
    mockFetch({});
    renderWithProviders(
      <MemoryRouter>
        <PlanScormContext value={() => null}>
          <CourseActions topic={topic({ material: null, link: 'https://lms.example/scorm/launch/3' })} />
        </PlanScormContext>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Curso' })).toHaveAttribute('href', 'https://lms.example/scorm/launch/3');
  });
});
