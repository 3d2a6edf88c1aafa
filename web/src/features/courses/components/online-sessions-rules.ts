import type { ReunionSesion } from '../api/types';

/** Sessions grouped by company-local day, in order. */
export function byDay(sessions: readonly ReunionSesion[]): [string, ReunionSesion[]][] {
  const days = new Map<string, ReunionSesion[]>();
  for (const s of [...sessions].sort((a, b) => (a.fecha + a.hora_inicio).localeCompare(b.fecha + b.hora_inicio))) {
    days.set(s.fecha, [...(days.get(s.fecha) ?? []), s]);
  }
  return [...days];
}
