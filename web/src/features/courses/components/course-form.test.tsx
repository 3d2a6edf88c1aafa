import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { CursoValores } from '../api/types';
import { CourseForm } from './course-form';
import { emptyCourseValues, type CourseValues } from './course-form-schema';

const TOPIC: CursoValores = {
  cve_tema: 7,
  nombre_tema: 'Seguridad industrial',
  modalidad: 'PRESENCIAL',
  capacidad: 20,
  min_participantes: 5,
  modelo_evaluacion: 'conocimiento',
  dias_acceso: 0,
  tipo_cambio: 18.5,
  moneda: 'MXN',
  requiere_sala: false,
  requiere_instructor: false,
  abreviatura: 'SEG',
  dias_duracion: 1,
  horas_sesion: 8,
  zona_horaria: 'America/Mexico_City',
};

function values(extra: Partial<CourseValues> = {}): CourseValues {
  return {
    ...emptyCourseValues(),
    cve_tema: 7,
    capacidad: 20,
    sesiones: [
      { fecha: '2026-06-02', hora_inicio: '09:00', hora_fin: '13:00' },
      { fecha: '2026-06-01', hora_inicio: '09:00', hora_fin: '13:00' },
    ],
    ...extra,
  };
}

function serve(post: () => Response = () => jsonResponse({ resp: 'Excelente', cve_curso: 55, reunion_url: null })) {
  return mockFetch({
    [`GET ${PRI}/cia`]: () => jsonResponse({ epv: '0' }),
    [`GET ${PRI}/catalogos/temas/listar_temas/0`]: () => jsonResponse([{ cve_tema: 7, abreviatura: 'SEG', nombre_tema: 'Seguridad industrial', modalidad: 'PRESENCIAL' }]),
    [`GET ${PRI}/catalogos/plantas/opciones`]: () => jsonResponse([]),
    [`GET ${PRI}/catalogos/recursos_capacitacion/sedes/opciones`]: () => jsonResponse([]),
    [`GET ${PRI}/catalogos/recursos_capacitacion/salas/opciones`]: () => jsonResponse([{ value: 3, label: 'Norte — Sala 2 (12)' }]),
    [`GET ${PRI}/catalogos/recursos_capacitacion/salas/3`]: () => jsonResponse({ cve_sala: 3, cve_sede: 1, nombre: 'Sala 2', capacidad: 12 }),
    [`GET ${PRI}/catalogos/recursos_capacitacion/instructores/opciones`]: () => jsonResponse([]),
    [`POST ${PRI}/cursos/programar`]: post,
  });
}

function renderForm(initial: CourseValues, onSaved = vi.fn()) {
  renderWithProviders(
    <CourseForm initial={initial} editing={null} initialTopic={TOPIC} onSaved={onSaved} onCancel={() => undefined} />,
  );
  return onSaved;
}

beforeAll(async () => {
  await setupI18n('courses');
});

afterEach(() => vi.unstubAllGlobals());

describe('course scheduling form', () => {
  it('adds the five costs into the total as they are typed', async () => {
    serve();
    const user = userEvent.setup();
    renderForm(values());
    await user.clear(screen.getByRole('textbox', { name: 'Honorarios del instructor' }));
    await user.type(screen.getByRole('textbox', { name: 'Honorarios del instructor' }), '1500');
    await user.clear(screen.getByRole('textbox', { name: 'Otros' }));
    await user.type(screen.getByRole('textbox', { name: 'Otros' }), '19.99');
    await waitFor(() => expect(screen.getByTestId('course-total')).toHaveTextContent('$1,519.99'));
  });

  it('sends the sessions in order and the money in centavos', async () => {
    const api = serve();
    const user = userEvent.setup();
    const onSaved = renderForm(values({ costo_instructor: 1500.5, costo_otros: 0.1 }));
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/cursos/programar`)).toHaveLength(1));
    const body = api.callsTo('POST', `${PRI}/cursos/programar`)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      cve_tema: 7,
      capacidad: 20,
      costo_instructor: 150050,
      costo_otros: 10,
      reunion_tipo: 'ninguna',
      sesiones: [
        { fecha: '2026-06-01', hora_inicio: '09:00', hora_fin: '13:00' },
        { fecha: '2026-06-02', hora_inicio: '09:00', hora_fin: '13:00' },
      ],
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(55));
  });

  it('wants every session to end after it starts', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderForm(values({ sesiones: [{ fecha: '2026-06-01', hora_inicio: '13:00', hora_fin: '09:00' }] }));
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    expect(await screen.findByText('El fin debe ser después del inicio')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/cursos/programar`)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Fin/), { target: { value: '14:00' } });
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/cursos/programar`)).toHaveLength(1));
  });

  it("caps the seats at the chosen room's capacity", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderForm(values({ cve_sala: 3, capacidad: 20 }));
    expect(await screen.findByText('Capacidad de la sala: 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    expect(await screen.findByText('La sala admite hasta 12 personas')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/cursos/programar`)).toHaveLength(0);
  });

  it('shows a room conflict clearly, on the form and on the room', async () => {
    serve(() =>
      jsonResponse({ resp: 'La sala está ocupada por «Primeros auxilios» el 2026-06-01 a las 10:00', code: 'cursos.sala_ocupada' }, 409),
    );
    const user = userEvent.setup();
    renderForm(values());
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    expect(await screen.findByText('Conflicto de horario')).toBeInTheDocument();
    expect(screen.getAllByText('La sala está ocupada por «Primeros auxilios» el 2026-06-01 a las 10:00').length).toBeGreaterThanOrEqual(2);
  });

  it('asks for a valid link when the meeting is typed by hand', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderForm(values({ modalidad: 'VIRTUAL', reunion_tipo: 'manual', reunion_url: 'javascript:alert(1)' }));
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    expect(await screen.findByText('Escribe una dirección http(s) válida')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/cursos/programar`)).toHaveLength(0);
  });

  it('picks a session date by keyboard in a calendar whose controls have names', async () => {
    serve();
    const user = userEvent.setup();
    renderForm(values({ sesiones: [{ fecha: '', hora_inicio: '09:00', hora_fin: '10:00' }] }));
    const date = screen.getByRole('button', { name: 'Fecha' });
    date.focus();
    await user.keyboard('{Enter}');
    // (jsdom never ends the dropdown's fade-in, so its content counts as hidden.)
    const picker = await screen.findByRole('dialog', { hidden: true });
    // The month arrows and the level switch are named buttons, not bare icons.
    expect(within(picker).getByRole('button', { name: 'Mes anterior', hidden: true })).toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: 'Mes siguiente', hidden: true })).toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: 'Elegir el mes', hidden: true })).toBeInTheDocument();
    // The month's days are one tab stop: the arrows move between them and Enter picks one.
    const days = within(picker)
      .getAllByRole('button', { hidden: true })
      .filter((b) => /^\d{1,2} \S+ \d{4}$/.test(b.getAttribute('aria-label') ?? ''));
    const stop = days.filter((b) => b.getAttribute('tabindex') === '0');
    expect(stop).toHaveLength(1);
    (stop[0] as HTMLElement).focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(date).toHaveTextContent(/^\d{2}\/\d{2}\/\d{4}$/));
  });
});
