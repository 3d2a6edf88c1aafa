import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { PRI } from '@/lib/api/client';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { EventoCalendario } from '../api/types';
import type { CourseCalendarProps } from './course-calendar';
import { CalendarScreen } from './calendar-screen';

// The calendar widget itself is FullCalendar's; here it only reports a range and lists the events.
vi.mock('./course-calendar', async () => {
  const { useEffect } = await import('react');
  return {
    default: function FakeCalendar({ events, onRange, onOpen }: CourseCalendarProps) {
      useEffect(() => onRange('2026-06-01', '2026-06-30'), [onRange]);
      return (
        <ul>
          {events.map((e) => (
            <li key={e.id_sesion}>
              <button type="button" onClick={() => onOpen(e)}>
                {e.titulo}
              </button>
            </li>
          ))}
        </ul>
      );
    },
  };
});

function event(extra: Partial<EventoCalendario> = {}): EventoCalendario {
  return {
    id_sesion: 81,
    cve_curso: 40,
    titulo: 'SEG-01 Seguridad industrial',
    nombre_tema: 'Seguridad industrial',
    modalidad: 'PRESENCIAL',
    estatus: 'programado',
    inicio: '2026-06-02T15:00:00Z',
    fin: '2026-06-02T19:00:00Z',
    fecha: '2026-06-02',
    hora_inicio: '09:00',
    hora_fin: '13:00',
    sede: 'Planta Norte',
    sala: 'Sala 2',
    instructor: 'Laura Díaz',
    capacidad: 20,
    inscritos: 12,
    lugares_disponibles: 8,
    inscrito: false,
    en_espera: false,
    autoinscripcion: true,
    ...extra,
  };
}

function renderScreen() {
  renderWithProviders(
    <MemoryRouter>
      <PageChromeProvider>
        <CalendarScreen />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupI18n('courses');
});

beforeEach(() => {
  setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion' }), { cve_empleado: 5, nombre_empleado: 'Luis', secciones: ['cursos.calendario'] });
});

afterEach(() => vi.unstubAllGlobals());

describe('course calendar', () => {
  it('asks for the visible range and requests a seat from the course modal', async () => {
    const api = mockFetch({
      [`GET ${PRI}/cursos/calendario`]: () => jsonResponse([event()]),
      [`POST ${PRI}/cursos/40/solicitar`]: () => jsonResponse({ resp: 'Excelente', idsolicitud: 9, etapa: 'coordinador' }),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'SEG-01 Seguridad industrial' }));
    expect(api.callsTo('GET', `${PRI}/cursos/calendario`)[0]?.url).toContain('desde=2026-06-01&hasta=2026-06-30');
    expect(await screen.findByText('Lugares disponibles: 8')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver curso' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Solicitar lugar' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/cursos/40/solicitar`)[0]?.body).toEqual({}));
  });

  it('offers the waiting list when the course is full and nothing when already in', async () => {
    mockFetch({
      [`GET ${PRI}/cursos/calendario`]: () =>
        jsonResponse([event({ lugares_disponibles: 0 }), event({ id_sesion: 82, cve_curso: 41, titulo: 'Primeros auxilios', inscrito: true })]),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'SEG-01 Seguridad industrial' }));
    expect(await screen.findByText('No hay lugares disponibles')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solicitar lugar (lista de espera)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Primeros auxilios' }));
    expect(await screen.findByText('Inscrito')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Solicitar lugar/ })).not.toBeInTheDocument();
  });

  it("shows 'Ver curso' to whoever manages courses", async () => {
    setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion' }), { cve_empleado: 5, nombre_empleado: 'Luis', secciones: ['cursos.calendario', 'cursos.lista'] });
    mockFetch({ [`GET ${PRI}/cursos/calendario`]: () => jsonResponse([event()]) });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'SEG-01 Seguridad industrial' }));
    expect(await screen.findByRole('button', { name: 'Ver curso' })).toBeInTheDocument();
  });
});
