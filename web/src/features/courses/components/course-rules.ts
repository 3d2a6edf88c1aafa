import type { Modalidad, ModeloEvaluacion, ReunionTipo, SesionBody } from '../api/types';

/** The course modalities, in the form's order. */
export const MODALITIES: readonly Modalidad[] = ['PRESENCIAL', 'VIRTUAL', 'STREAMING', 'E_LEARNING', 'AUTOESTUDIO'];

/** Meetings exist only for live online courses. */
export function allowsMeeting(modalidad: Modalidad | null | undefined): boolean {
  return modalidad === 'VIRTUAL' || modalidad === 'STREAMING';
}

/** The meeting kinds a modality may choose. */
export function meetingKinds(modalidad: Modalidad | null | undefined): ReunionTipo[] {
  return allowsMeeting(modalidad) ? ['ninguna', 'manual', 'jitsi', 'teams'] : ['ninguna'];
}

/** The five costs of a course, in pesos as typed. */
export interface Costs {
  costo_instructor: number | null;
  costo_coffee_break: number | null;
  costo_impresiones: number | null;
  costo_renta_sala: number | null;
  costo_otros: number | null;
}

export const COST_FIELDS = ['costo_instructor', 'costo_coffee_break', 'costo_impresiones', 'costo_renta_sala', 'costo_otros'] as const;

/** The costs from their values in COST_FIELDS order (missing ones as null). */
export function costsOf(values: readonly (number | null | undefined)[]): Costs {
  return Object.fromEntries(COST_FIELDS.map((field, i) => [field, values[i] ?? null])) as unknown as Costs;
}

/** Each cost mapped by `convert` (pesos ↔ centavos), keyed by its field. */
export function mapCosts<T>(from: Record<(typeof COST_FIELDS)[number], number | null>, convert: (value: number | null) => T): Record<(typeof COST_FIELDS)[number], T> {
  return Object.fromEntries(COST_FIELDS.map((field) => [field, convert(from[field])])) as Record<(typeof COST_FIELDS)[number], T>;
}

/** Pesos → centavos, rounded to the centavo (never a float sum of pesos). */
export function centavos(pesos: number | null | undefined): number {
  return typeof pesos === 'number' && Number.isFinite(pesos) ? Math.round(pesos * 100) : 0;
}

/** The course's total in centavos: the sum of each cost's centavos. */
export function totalCentavos(costs: Costs): number {
  return COST_FIELDS.reduce((sum, field) => sum + centavos(costs[field]), 0);
}

/** Minutes since midnight of 'HH:MM' (null when malformed). */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** What is wrong with one session row (i18n keys of `courses:form.errors`), by field. */
export type SessionProblem = Partial<Record<keyof SesionBody, 'required' | 'end_after_start' | 'overlap'>>;

/**
 * Checks the sessions editor: every row complete, end after start, no two sessions of the
 * same day overlapping. Returns one entry per row (empty when the row is fine).
 */
export function sessionProblems(sessions: readonly SesionBody[]): SessionProblem[] {
  const problems: SessionProblem[] = sessions.map((s) => {
    const p: SessionProblem = {};
    if (!s.fecha) p.fecha = 'required';
    const start = minutesOf(s.hora_inicio);
    const end = minutesOf(s.hora_fin);
    if (start === null) p.hora_inicio = 'required';
    if (end === null) p.hora_fin = 'required';
    else if (start !== null && end <= start) p.hora_fin = 'end_after_start';
    return p;
  });
  sessions.forEach((a, i) => {
    sessions.forEach((b, j) => {
      if (j <= i || !a.fecha || a.fecha !== b.fecha) return;
      const [as, ae, bs, be] = [a.hora_inicio, a.hora_fin, b.hora_inicio, b.hora_fin].map(minutesOf);
      if ([as, ae, bs, be].some((v) => v === null)) return;
      if ((as as number) < (be as number) && (ae as number) > (bs as number)) {
        const row = problems[j] as SessionProblem;
        if (!row.hora_inicio) row.hora_inicio = 'overlap';
      }
    });
  });
  return problems;
}

/** Sessions in date and time order (the server wants them sorted). */
export function sortedSessions(sessions: readonly SesionBody[]): SesionBody[] {
  return [...sessions].sort((a, b) => (a.fecha + a.hora_inicio).localeCompare(b.fecha + b.hora_inicio));
}

/** The most seats a course may offer: the room's capacity when a room is chosen. */
export function seatLimit(roomCapacity: number | null | undefined): number {
  return roomCapacity && roomCapacity > 0 ? Math.min(roomCapacity, 10000) : 10000;
}

/**
 * Spec §5: enrolling a list (more than one person) only while the list is smaller than the
 * free seats. One person may always try (waiting list when full).
 */
export function bulkEnrolAllowed(count: number, freeSeats: number): boolean {
  return count <= 1 || count < freeSeats;
}

/** A grade scale of the evaluation model. */
export interface GradeScale {
  min: number;
  max: number;
  decimals: number;
}

/** The grade inputs of a model: knowledge 0–100; theoretical 1–10 and practical 1–5; none. */
export function gradeScales(modelo: ModeloEvaluacion | string): { calificacion?: GradeScale; calificacion_practica?: GradeScale } {
  if (modelo === 'conocimiento') return { calificacion: { min: 0, max: 100, decimals: 1 } };
  if (modelo === 'teorico_practico') return { calificacion: { min: 1, max: 10, decimals: 1 }, calificacion_practica: { min: 1, max: 5, decimals: 1 } };
  return {};
}

/** The exit rating scale, every model. */
export const EXIT_SCALE: GradeScale = { min: 1, max: 5, decimals: 0 };

/** A grade inside its scale (null = not graded yet, allowed). */
export function gradeInScale(value: number | null | undefined, scale: GradeScale): boolean {
  return value == null || (Number.isFinite(value) && value >= scale.min && value <= scale.max);
}

/** Background colours per modality with white text at ≥ 4.5:1 contrast. */
export const MODALITY_COLORS: Record<Modalidad, string> = {
  PRESENCIAL: '#1c5d99',
  VIRTUAL: '#6a3d9a',
  STREAMING: '#a61e4d',
  E_LEARNING: '#2b6e3f',
  AUTOESTUDIO: '#7a4d00',
};

/** A closed course ('1' per the spec's flags) is read-only. */
export function isClosed(course: { curso_cerrado?: string | null; estatus?: string | null }): boolean {
  return course.curso_cerrado === '1' || course.estatus === 'cerrado';
}

/** A cancelled course. */
export function isCancelled(course: { estatus?: string | null }): boolean {
  return course.estatus === 'cancelado';
}
