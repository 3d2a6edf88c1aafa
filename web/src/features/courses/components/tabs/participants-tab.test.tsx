import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { CursoDetalle } from '../../api/types';
import { EnrolPanel } from './participants-tab';

function course(free: number): CursoDetalle {
  return {
    cve_curso: 40,
    cve_tema: 7,
    nombre_tema: 'Seguridad industrial',
    modalidad: 'PRESENCIAL',
    estatus: 'programado',
    fecha_inicio: '2026-06-01',
    fecha_fin: '2026-06-01',
    capacidad: 10,
    inscritos: 10 - free,
    lugares_disponibles: free,
    en_espera: 0,
    dias_acceso: 0,
    autoinscripcion: 1,
    modelo_evaluacion: 'conocimiento',
    moneda: 'MXN',
    tipo_cambio: 1,
    costo_instructor: 0,
    costo_coffee_break: 0,
    costo_impresiones: 0,
    costo_renta_sala: 0,
    costo_otros: 0,
    costo_total: 0,
    curso_cerrado: '0',
    abreviatura: 'SEG',
    epv: 0,
    estatus_epv: 0,
    instructor_interno: true,
    nombre_corto: 'SEG-01',
    reunion_tipo: 'ninguna',
    lista_asistencia: false,
    sesiones: [],
    permisos: { editar: true, inscribir: true, evaluar: true },
  };
}

const OPTIONS = `${PRI}/catalogos/empleados/opciones`;
const ENROL = `${PRI}/cursos/40/inscribir`;

function serve() {
  return mockFetch({
    [`GET ${OPTIONS}`]: () =>
      jsonResponse([
        { value: 1, label: 'Ana López', nombre: 'Ana López' },
        { value: 2, label: 'Ana María Ruiz', nombre: 'Ana María Ruiz' },
      ]),
    [`POST ${ENROL}`]: () =>
      jsonResponse({ resp: 'Excelente', inscritos: [1], en_espera: [], rechazados: [{ cve_empleado: 2, nombre_empleado: 'Ana María Ruiz', code: 'cursos.mismo_tema', motivo: 'Ya tiene un curso del mismo tema ese día' }] }),
  });
}

async function choose(user: ReturnType<typeof userEvent.setup>, ...names: string[]) {
  const input = screen.getAllByLabelText('Empleados').find((el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden') as HTMLElement;
  for (const name of names) {
    await user.clear(input);
    await user.type(input, 'Ana L');
    await user.click(await screen.findByRole('option', { name, hidden: true }, { timeout: 3000 }));
  }
}

beforeAll(async () => {
  await setupI18n('courses');
});

afterEach(() => vi.unstubAllGlobals());

describe('enrolling employees', () => {
  it('refuses a list that is not smaller than the free seats (spec §5)', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderWithProviders(<EnrolPanel course={course(2)} onDone={() => undefined} />);
    await choose(user, 'Ana López', 'Ana María Ruiz');
    expect(await screen.findByText('La inscripción masiva solo es posible cuando la lista es menor a los lugares disponibles (2)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inscribir (2)' })).toBeDisabled();
    expect(api.callsTo('POST', ENROL)).toHaveLength(0);
  });

  it('enrols a list below the free seats and lists who was refused and why', async () => {
    const api = serve();
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderWithProviders(<EnrolPanel course={course(5)} onDone={onDone} />);
    await choose(user, 'Ana López', 'Ana María Ruiz');
    await user.click(screen.getByRole('button', { name: 'Inscribir (2)' }));
    await waitFor(() => expect(api.callsTo('POST', ENROL)[0]?.body).toEqual({ empleados: [1, 2], lista_espera: true }));
    expect(await screen.findByText(/Ya tiene un curso del mismo tema ese día/)).toBeInTheDocument();
    expect(onDone).toHaveBeenCalled();
  });
});
