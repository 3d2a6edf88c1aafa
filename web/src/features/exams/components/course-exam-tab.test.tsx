import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { setSession } from '@/lib/auth/session';
import { loadErrorCatalogue } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { EstadisticasExamen, ExamenCurso } from '../api/types';
import { CourseExamTab } from './course-exam-tab';

const URL = `${PRI}/cursos/40/examen`;

function courseExam(extra: Partial<ExamenCurso> = {}): ExamenCurso {
  return {
    cve_curso: 40,
    existe: true,
    estado: 'asignado',
    config: { num_preguntas: 10, barajar_preguntas: true, barajar_opciones: true, tiempo_estimado: 30, intentos: 3, descripcion_examen: null },
    preguntas_banco: 12,
    modelo_evaluacion: 'conocimiento',
    calificacion_minima: 70,
    es_instructor: false,
    curso_abierto: true,
    participantes: [
      { cve_empleado: 5, nombre: 'Luis Pérez', cve_inscripcion_ai: 900, asignado: true, intentos_usados: 1, estado: 'no_aprobado', calificacion: 40 },
      { cve_empleado: 6, nombre: 'Ana Ruiz', cve_inscripcion_ai: 901, asignado: true, intentos_usados: 0, estado: 'sin_presentar', calificacion: null },
    ],
    ...extra,
  };
}

const STATS: EstadisticasExamen = {
  presentados: 4,
  aprobados: 3,
  promedio: 76.5,
  tiempo_promedio_seg: 754,
  distribucion: Array.from({ length: 10 }, (_, i) => ({ desde: i * 10, hasta: i === 9 ? 100 : i * 10 + 9, n: i === 8 ? 3 : i === 3 ? 1 : 0 })),
  preguntas: [{ id_pregunta: 11, pregunta: '¿Qué color indica peligro?', tipo: 'unica', respondidas: 4, correctas: 3, porcentaje: 75 }],
};

const EMPTY_TABLE = { result: [], pages: { pages: 1, ultima_page: 1, cantidad_registros: 0 }, columns_with_selects: [] };

function signIn(secciones: string[]) {
  setSession(fakeJwt({ cve_empleado: 2, kind: 'sesion' }), { cve_empleado: 2, nombre_empleado: 'Analista', perfil_sistema: 'Analista', secciones });
}

beforeAll(async () => {
  await setupI18n('exams');
  await loadErrorCatalogue('es');
});

beforeEach(() => signIn(['cursos.examenes']));
afterEach(() => vi.unstubAllGlobals());

describe("the course's 'Examen' tab", () => {
  it("offers the generate form prefilled with the topic's definition, capped at the bank's size", async () => {
    const defaults = courseExam({ existe: false, estado: null, participantes: [], preguntas_banco: 8, config: { ...courseExam().config, num_preguntas: 20, intentos: 2 } });
    const api = mockFetch({
      [`GET ${URL}`]: () => jsonResponse(defaults),
      [`POST ${URL}`]: () => jsonResponse(courseExam({ estado: 'generado', participantes: [] }), 201),
    });
    const user = userEvent.setup();
    renderWithProviders(<CourseExamTab cveCurso={40} readOnly={false} />);
    expect(await screen.findByText('El curso no tiene examen')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Número de preguntas/ })).toHaveValue('8');
    expect(screen.getByRole('textbox', { name: /Intentos/ })).toHaveValue('2');
    await user.click(screen.getByRole('switch', { name: 'Barajar las opciones' }));
    await user.click(screen.getByRole('button', { name: 'Generar examen' }));
    await waitFor(() => expect(api.callsTo('POST', URL)).toHaveLength(1));
    expect(api.callsTo('POST', URL)[0]?.body).toEqual({ ...defaults.config, num_preguntas: 8, barajar_opciones: false });
    expect(await screen.findByText('Generado')).toBeInTheDocument();
  });

  it('asks for the number of questions before sending, and keeps it within the bank', async () => {
    const api = mockFetch({ [`GET ${URL}`]: () => jsonResponse(courseExam({ existe: false, estado: null, participantes: [], preguntas_banco: 8 })) });
    const user = userEvent.setup();
    renderWithProviders(<CourseExamTab cveCurso={40} readOnly={false} />);
    const input = await screen.findByRole('textbox', { name: /Número de preguntas/ });
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Generar examen' }));
    expect(await screen.findByText('De 1 a 8 preguntas.')).toBeInTheDocument();
    expect(api.callsTo('POST', URL)).toHaveLength(0);
    await user.type(input, '9');
    await user.tab();
    expect(input).toHaveValue('8');
  });

  it("says the course has no questions instead of the form when the topic's bank is empty", async () => {
    mockFetch({ [`GET ${URL}`]: () => jsonResponse(courseExam({ existe: false, estado: null, participantes: [], preguntas_banco: 0 })) });
    renderWithProviders(<CourseExamTab cveCurso={40} readOnly={false} />);
    expect(await screen.findByText('El curso no tiene preguntas disponibles.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generar examen' })).not.toBeInTheDocument();
  });

  it("shows the exam's state and participants, and the server's refusal to activate to anyone but the instructor", async () => {
    const api = mockFetch({
      [`GET ${URL}`]: () => jsonResponse(courseExam()),
      [`POST ${URL}/activar`]: () => jsonResponse({ code: 'examenes.sin_permiso_asignar' }, 403),
    });
    const user = userEvent.setup();
    renderWithProviders(<CourseExamTab cveCurso={40} readOnly={false} />);
    expect(await screen.findByText('Asignado', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Participantes del examen' });
    const luis = within(table).getByText('Luis Pérez').closest('tr') as HTMLElement;
    expect(within(luis).getByText('1/3')).toBeInTheDocument();
    expect(within(luis).getByText('No aprobado')).toBeInTheDocument();
    expect(within(luis).getByText('40')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText('No tienes permisos para asignar exámenes.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${URL}/activar`)).toHaveLength(1);
    // Without the results section there are no statistics.
    expect(api.callsTo('GET', `${URL}/estadisticas`)).toHaveLength(0);
  });

  it('lets the instructor deactivate an active exam', async () => {
    const api = mockFetch({
      [`GET ${URL}`]: () => jsonResponse(courseExam({ estado: 'activo', es_instructor: true })),
      [`POST ${URL}/desactivar`]: () => jsonResponse(courseExam({ estado: 'inactivo', es_instructor: true })),
    });
    const user = userEvent.setup();
    renderWithProviders(<CourseExamTab cveCurso={40} readOnly={false} />);
    expect(await screen.findByText('Activo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activar' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Inactivo')).toBeInTheDocument();
    expect(api.callsTo('POST', `${URL}/desactivar`)).toHaveLength(1);
  });

  it('assigns to everyone enrolled or only to the picked participants', async () => {
    const api = mockFetch({
      [`GET ${URL}`]: () => jsonResponse(courseExam({ estado: 'generado', participantes: courseExam().participantes.map((p) => ({ ...p, asignado: false })) })),
      [`POST ${URL}/asignar`]: () => jsonResponse(courseExam()),
    });
    const user = userEvent.setup();
    renderWithProviders(<CourseExamTab cveCurso={40} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'Asignar a participantes' }));
    await user.click(await screen.findByRole('radio', { name: 'Solo los que elija' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ana Ruiz' }));
    await user.click(screen.getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(api.callsTo('POST', `${URL}/asignar`)[0]?.body).toEqual({ cve_empleados: [6] }));
    await user.click(await screen.findByRole('button', { name: 'Asignar a participantes' }));
    await user.click(await screen.findByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(api.callsTo('POST', `${URL}/asignar`)[1]?.body).toEqual({}));
  });

  it('deletes the exam only after confirming, and shows why the server refuses', async () => {
    const api = mockFetch({
      [`GET ${URL}`]: () => jsonResponse(courseExam()),
      [`DELETE ${URL}`]: () => jsonResponse({ code: 'examenes.con_intentos' }, 409),
    });
    const user = userEvent.setup();
    renderWithProviders(<CourseExamTab cveCurso={40} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'Eliminar examen' }));
    expect(api.callsTo('DELETE', URL)).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar el examen' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar examen' }));
    expect(await within(dialog).findByText('El examen ya tiene intentos entregados.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', URL)).toHaveLength(1);
  });

  it('hides every change on a closed course', async () => {
    mockFetch({ [`GET ${URL}`]: () => jsonResponse(courseExam({ curso_abierto: false })) });
    renderWithProviders(<CourseExamTab cveCurso={40} readOnly={false} />);
    expect(await screen.findByText('Asignado', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    for (const name of ['Activar', 'Asignar a participantes', 'Eliminar examen', 'Editar configuración']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('shows the statistics and the results table with its export to whoever has the results section', async () => {
    signIn(['cursos.examenes', 'cursos.examenes_resultados']);
    const api = mockFetch({
      [`GET ${URL}`]: () => jsonResponse(courseExam()),
      [`GET ${URL}/estadisticas`]: () => jsonResponse(STATS),
      [`POST ${URL}/resultados/tabla`]: () => jsonResponse(EMPTY_TABLE),
    });
    renderWithProviders(<CourseExamTab cveCurso={40} readOnly={false} />);
    expect(await screen.findByText('Presentados')).toBeInTheDocument();
    expect(screen.getByText('76.5 %')).toBeInTheDocument();
    expect(screen.getByText('12:34')).toBeInTheDocument();
    const distribution = screen.getByRole('table', { name: 'Distribución de calificaciones (%)' });
    const row = within(distribution).getByRole('rowheader', { name: '80–89 %' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('3')).toBeInTheDocument();
    const perQuestion = screen.getByRole('table', { name: 'Aciertos por pregunta' });
    expect(within(perQuestion).getByText('75 %')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar a Excel' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', `${URL}/resultados/tabla`).length).toBeGreaterThan(0));
  });
});
