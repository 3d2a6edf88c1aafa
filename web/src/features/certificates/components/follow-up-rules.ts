import type { EstadoDc3, SeguimientoDc3 } from '../api/types';

/** The states of a course's DC-3s, late first: the table's order. */
export const STATES: EstadoDc3[] = ['vencidas', 'por_entregar', 'entregadas'];

/** The summary's order: as a course's DC-3s go, due, then late, then delivered. */
export const SUMMARY_STATES: EstadoDc3[] = ['por_entregar', 'vencidas', 'entregadas'];

/** The badge colour of each state. */
export const STATE_COLORS: Record<EstadoDc3, string> = {
  vencidas: 'red',
  por_entregar: 'blue',
  entregadas: 'green',
};

/** The oldest year the year selector offers, counted back from the current one. */
export const YEARS_BACK = 9;

/** The years the selector offers: the current one first, then back. */
export function yearOptions(current: number): number[] {
  return Array.from({ length: YEARS_BACK + 1 }, (_, i) => current - i);
}

/** The year of the address (`?anio=`), else the current one. The server takes 2000–2100. */
export function yearFrom(param: string | null, current: number): number {
  if (!param || !/^\d{4}$/.test(param)) return current;
  const year = Number(param);
  return year >= 2000 && year <= 2100 ? year : current;
}

/** The course of the address (`?curso=`), or null. */
export function courseFrom(param: string | null): number | null {
  return param && /^\d{1,15}$/.test(param) ? Number(param) : null;
}

const rank = (estado: string) => {
  const i = STATES.indexOf(estado as EstadoDc3);
  return i === -1 ? STATES.length : i;
};

/**
 * Late courses first, then those still due (the closest due date first), then the ones
 * delivered (the latest course first).
 */
export function sortCourses(courses: readonly SeguimientoDc3[]): SeguimientoDc3[] {
  return [...courses].sort(
    (a, b) =>
      rank(a.estado) - rank(b.estado) ||
      (a.estado === 'entregadas' ? 0 : a.dias_restantes - b.dias_restantes) ||
      b.fecha_fin.localeCompare(a.fecha_fin) ||
      a.cve_curso - b.cve_curso,
  );
}

/** One state's figures: its courses and the DC-3s they hold (pending, or delivered when all are). */
export interface StateSummary {
  estado: EstadoDc3;
  cursos: number;
  constancias: number;
}

/** The summary of a year: per state, how many courses and DC-3s. */
export function summarize(courses: readonly SeguimientoDc3[]): StateSummary[] {
  return SUMMARY_STATES.map((estado) => {
    const own = courses.filter((c) => c.estado === estado);
    return {
      estado,
      cursos: own.length,
      constancias: own.reduce((sum, c) => sum + (estado === 'entregadas' ? c.entregadas : c.pendientes), 0),
    };
  });
}

/**
 * How the due date reads: working days left, due today, working days late (a weekend right
 * after the due date is late by no working day yet: just late), or nothing once all were
 * delivered.
 */
export type DueNote = { kind: 'left' | 'late'; days: number } | { kind: 'today' | 'overdue' } | null;

/** The note under a course's due date. */
export function dueNote(course: Pick<SeguimientoDc3, 'estado' | 'dias_restantes'>): DueNote {
  if (course.estado === 'entregadas') return null;
  if (course.dias_restantes < 0) return { kind: 'late', days: -course.dias_restantes };
  if (course.estado === 'vencidas') return { kind: 'overdue' };
  if (course.dias_restantes === 0) return { kind: 'today' };
  return { kind: 'left', days: course.dias_restantes };
}

/** The id of a course's link, so that closing its participants gives it the focus back. */
export const courseLinkId = (cveCurso: number) => `dc3-curso-${cveCurso}`;
