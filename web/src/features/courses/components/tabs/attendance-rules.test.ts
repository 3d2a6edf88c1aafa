import { describe, expect, it } from 'vitest';
import { cellKey, changedRecords, gridFrom, sessionStarted } from './attendance-rules';

describe('attendance grid', () => {
  const list = {
    lista_asistencia: false,
    sesiones: [],
    participantes: [
      { cve_inscripcion_ai: 1, cve_empleado: 10, nombre_empleado: 'Ana', asistencias: [{ id_sesion: 5, asistencia: 2 as const }, { id_sesion: 6, asistencia: null }] },
    ],
  };

  it('sends only the cells that changed, as 1 = no and 2 = yes', () => {
    const original = gridFrom(list);
    const current = { ...original, [cellKey(1, 6)]: 1 as const };
    expect(changedRecords(original, current)).toEqual([{ cve_inscripcion_ai: 1, id_sesion: 6, asistencia: 1 }]);
    expect(changedRecords(original, original)).toEqual([]);
  });

  it('records a session only once it has started', () => {
    const now = new Date('2026-05-14T15:00:00Z');
    expect(sessionStarted('2026-05-14T15:00:00Z', now)).toBe(true);
    expect(sessionStarted('2026-05-14T15:00:01Z', now)).toBe(false);
  });
});
