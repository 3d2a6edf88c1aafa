import type { Asistencia, ListaAsistencia } from '../../api/types';
import type { RegistroAsistencia } from '../../api/save-attendance';

/** The grid's cells by `cve_inscripcion_ai:id_sesion`. */
export type AttendanceGrid = Record<string, Asistencia>;

export const cellKey = (cveInscripcion: number, idSesion: number) => `${cveInscripcion}:${idSesion}`;

/** The grid as the server answered it. */
export function gridFrom(list: ListaAsistencia): AttendanceGrid {
  const grid: AttendanceGrid = {};
  for (const p of list.participantes) {
    for (const a of p.asistencias) grid[cellKey(p.cve_inscripcion_ai, a.id_sesion)] = a.asistencia === 1 || a.asistencia === 2 ? a.asistencia : null;
  }
  return grid;
}

/** A session may be recorded once it has started. */
export function sessionStarted(inicio: string, now: Date): boolean {
  const at = Date.parse(inicio);
  return Number.isFinite(at) && at <= now.getTime();
}

/** The cells that differ from what was loaded, as the PUT's `registros`. */
export function changedRecords(original: AttendanceGrid, current: AttendanceGrid): RegistroAsistencia[] {
  return Object.entries(current)
    .filter(([key, value]) => value !== null && value !== original[key])
    .map(([key, value]) => {
      const [ins, ses] = key.split(':').map(Number);
      return { cve_inscripcion_ai: ins as number, id_sesion: ses as number, asistencia: value as 1 | 2 };
    });
}
