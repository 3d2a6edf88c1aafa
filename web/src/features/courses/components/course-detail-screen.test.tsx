import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { PRI } from '@/lib/api/client';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { CursoDetalle } from '../api/types';
import { CourseDetailScreen, type CourseExamTabRenderer } from './course-detail-screen';

function course(extra: Partial<CursoDetalle> = {}): CursoDetalle {
  return {
    cve_curso: 40,
    cve_tema: 7,
    nombre_tema: 'Seguridad industrial',
    abreviatura: 'SEG',
    nombre_corto: 'SEG-01',
    modalidad: 'PRESENCIAL',
    estatus: 'programado',
    fecha_inicio: '2026-06-01',
    fecha_fin: '2026-06-02',
    capacidad: 20,
    inscritos: 12,
    lugares_disponibles: 8,
    en_espera: 0,
    dias_acceso: 0,
    autoinscripcion: 1,
    modelo_evaluacion: 'conocimiento',
    moneda: 'MXN',
    tipo_cambio: 1,
    costo_instructor: 150000,
    costo_coffee_break: 0,
    costo_impresiones: 0,
    costo_renta_sala: 0,
    costo_otros: 0,
    costo_total: 150000,
    curso_cerrado: '0',
    epv: 0,
    estatus_epv: 0,
    instructor_interno: true,
    reunion_tipo: 'ninguna',
    lista_asistencia: false,
    sesiones: [],
    permisos: { editar: true, inscribir: true, evaluar: true },
    ...extra,
  };
}

function renderAt(answer: CursoDetalle, onOpen = () => jsonResponse({ resp: 'Excelente', retiradas: 12 }), examTab?: CourseExamTabRenderer) {
  const api = mockFetch({
    [`GET ${PRI}/cursos/by/id/40`]: () => jsonResponse(answer),
    [`POST ${PRI}/cursos/40/abrir`]: onOpen,
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/menu/curso/40']}>
      <PageChromeProvider>
        <Routes>
          <Route path="/menu/curso/:cve_curso" element={<CourseDetailScreen examTab={examTab} />} />
        </Routes>
      </PageChromeProvider>
    </MemoryRouter>,
  );
  return api;
}

beforeAll(async () => {
  await setupI18n('courses');
});

afterEach(() => vi.unstubAllGlobals());

describe('course detail', () => {
  it('offers the course actions and every tab to whoever schedules it', async () => {
    renderAt(course());
    expect(await screen.findByRole('heading', { name: 'SEG-01' })).toBeInTheDocument();
    for (const name of ['Editar', 'Enviar correo', 'Cerrar curso', 'Cancelar curso']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Datos',
      'Sesiones',
      'Participantes',
      'Asistencia',
      'Evaluación',
      'Actividades',
      'Costos',
      'Reunión',
    ]);
  });

  it("shows a closed course read-only with 'Cerrado' and 'Reabrir' after a confirmation", async () => {
    const api = renderAt(course({ estatus: 'cerrado', curso_cerrado: '1' }));
    expect(await screen.findByText('El curso está cerrado: sus datos son de solo lectura.')).toBeInTheDocument();
    expect(screen.getAllByText('Cerrado').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reabrir' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('se retiran los resultados');
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/cursos/40/abrir`)).toHaveLength(1));
  });

  it('shows a participant only the tabs that are theirs', async () => {
    renderAt(course({ permisos: { editar: false, inscribir: false, evaluar: false }, mi_inscripcion: { cve_inscripcion_ai: 9, estatus: 'espera', turno_espera: 2, confirmado: 0 } }));
    expect(await screen.findByText('Estás en la lista de espera: lugar 2')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Datos', 'Sesiones', 'Actividades', 'Reunión']);
    expect(screen.queryByRole('button', { name: 'Cerrar curso' })).not.toBeInTheDocument();
  });

  it("adds the 'Examen' tab only for the section cursos.examenes", async () => {
    const examTab: CourseExamTabRenderer = (c, readOnly) => <p>{`examen del curso ${c.cve_curso}${readOnly ? ' (lectura)' : ''}`}</p>;
    setSession(fakeJwt({ cve_empleado: 2, kind: 'sesion' }), { cve_empleado: 2, nombre_empleado: 'Analista', secciones: ['cursos.lista'] });
    renderAt(course(), undefined, examTab);
    expect(await screen.findByRole('heading', { name: 'SEG-01' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Examen' })).not.toBeInTheDocument();
    cleanup();

    setSession(fakeJwt({ cve_empleado: 2, kind: 'sesion' }), { cve_empleado: 2, nombre_empleado: 'Analista', secciones: ['cursos.lista', 'cursos.examenes'] });
    const user = userEvent.setup();
    renderAt(course(), undefined, examTab);
    await user.click(await screen.findByRole('tab', { name: 'Examen' }));
    expect(await screen.findByText('examen del curso 40')).toBeInTheDocument();
  });
});
