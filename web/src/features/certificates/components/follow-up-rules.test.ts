import { describe, expect, it } from 'vitest';
import type { SeguimientoDc3 } from '../api/types';
import { courseFrom, dueNote, sortCourses, summarize, yearFrom, yearOptions } from './follow-up-rules';

function course(cve: number, extra: Partial<SeguimientoDc3> = {}): SeguimientoDc3 {
  return {
    cve_curso: cve,
    nombre_curso: `Curso ${cve}`,
    fecha_inicio: '2026-03-02',
    fecha_fin: '2026-03-03',
    fecha_limite: '2026-03-31',
    dias_restantes: 5,
    acreditados: 10,
    entregadas: 4,
    pendientes: 6,
    estado: 'por_entregar',
    ...extra,
  };
}

describe('the DC-3 follow-up rules', () => {
  it('put late courses first (the latest first), then those due (the closest first), then the delivered ones (newest first)', () => {
    const sorted = sortCourses([
      course(1, { estado: 'entregadas', dias_restantes: -30, fecha_fin: '2026-01-10', pendientes: 0 }),
      course(2, { estado: 'por_entregar', dias_restantes: 12 }),
      course(3, { estado: 'vencidas', dias_restantes: -3 }),
      course(4, { estado: 'entregadas', dias_restantes: 8, fecha_fin: '2026-04-10', pendientes: 0 }),
      course(5, { estado: 'vencidas', dias_restantes: -40 }),
      course(6, { estado: 'por_entregar', dias_restantes: 2 }),
    ]);
    expect(sorted.map((c) => c.cve_curso)).toEqual([5, 3, 6, 2, 4, 1]);
  });

  it('count courses per state with the DC-3s they still owe, and the DC-3s delivered', () => {
    const summary = summarize([
      course(1, { estado: 'vencidas', pendientes: 3, entregadas: 1 }),
      course(2, { estado: 'vencidas', pendientes: 2, entregadas: 0 }),
      course(3, { estado: 'por_entregar', pendientes: 6, entregadas: 4 }),
      course(4, { estado: 'entregadas', pendientes: 0, entregadas: 9 }),
    ]);
    expect(summary).toEqual([
      { estado: 'por_entregar', cursos: 1, constancias: 6 },
      { estado: 'vencidas', cursos: 2, constancias: 5 },
      { estado: 'entregadas', cursos: 1, constancias: 9 },
    ]);
    expect(summarize([]).map((s) => s.cursos)).toEqual([0, 0, 0]);
  });

  it('read the due date as days left, today, days late, or nothing once delivered', () => {
    expect(dueNote({ estado: 'por_entregar', dias_restantes: 4 })).toEqual({ kind: 'left', days: 4 });
    expect(dueNote({ estado: 'por_entregar', dias_restantes: 0 })).toEqual({ kind: 'today' });
    expect(dueNote({ estado: 'vencidas', dias_restantes: -7 })).toEqual({ kind: 'late', days: 7 });
    // The weekend right after the due date: late, by no working day yet.
    expect(dueNote({ estado: 'vencidas', dias_restantes: 0 })).toEqual({ kind: 'overdue' });
    expect(dueNote({ estado: 'entregadas', dias_restantes: -7 })).toBeNull();
  });

  it("take the address's year and course when they are valid", () => {
    expect(yearFrom(null, 2026)).toBe(2026);
    expect(yearFrom('2024', 2026)).toBe(2024);
    expect(yearFrom('1999', 2026)).toBe(2026);
    expect(yearFrom('20x4', 2026)).toBe(2026);
    expect(courseFrom('42')).toBe(42);
    expect(courseFrom('x')).toBeNull();
    expect(courseFrom(null)).toBeNull();
    expect(yearOptions(2026).slice(0, 3)).toEqual([2026, 2025, 2024]);
    expect(yearOptions(2026)).toHaveLength(10);
  });
});
