import { describe, expect, it } from 'vitest';
import {
  COST_FIELDS,
  MODALITY_COLORS,
  allowsMeeting,
  bulkEnrolAllowed,
  centavos,
  costsOf,
  gradeInScale,
  gradeScales,
  mapCosts,
  meetingKinds,
  seatLimit,
  sessionProblems,
  sortedSessions,
  totalCentavos,
} from './course-rules';

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

describe('course costs', () => {
  it('adds the five costs in centavos without float drift', () => {
    expect(
      totalCentavos({ costo_instructor: 1500, costo_coffee_break: 0.1, costo_impresiones: 0.2, costo_renta_sala: null, costo_otros: 19.99 }),
    ).toBe(152029);
  });
  it('is 0 with nothing typed', () => {
    expect(totalCentavos({ costo_instructor: null, costo_coffee_break: null, costo_impresiones: null, costo_renta_sala: null, costo_otros: null })).toBe(0);
  });
});

describe('sessions editor', () => {
  it('wants the end after the start', () => {
    expect(sessionProblems([{ fecha: '2026-06-01', hora_inicio: '10:00', hora_fin: '10:00' }])).toEqual([{ hora_fin: 'end_after_start' }]);
    expect(sessionProblems([{ fecha: '2026-06-01', hora_inicio: '10:00', hora_fin: '09:00' }])).toEqual([{ hora_fin: 'end_after_start' }]);
    expect(sessionProblems([{ fecha: '2026-06-01', hora_inicio: '09:00', hora_fin: '13:00' }])).toEqual([{}]);
  });
  it('wants every field', () => {
    expect(sessionProblems([{ fecha: '', hora_inicio: '', hora_fin: '' }])).toEqual([{ fecha: 'required', hora_inicio: 'required', hora_fin: 'required' }]);
  });
  it('refuses two sessions of the same day that overlap, not ones that touch', () => {
    const overlap = sessionProblems([
      { fecha: '2026-06-01', hora_inicio: '09:00', hora_fin: '11:00' },
      { fecha: '2026-06-01', hora_inicio: '10:30', hora_fin: '12:00' },
    ]);
    expect(overlap[1]).toEqual({ hora_inicio: 'overlap' });
    const touching = sessionProblems([
      { fecha: '2026-06-01', hora_inicio: '09:00', hora_fin: '11:00' },
      { fecha: '2026-06-01', hora_inicio: '11:00', hora_fin: '12:00' },
    ]);
    expect(touching).toEqual([{}, {}]);
  });
  it('sends sessions in order', () => {
    expect(
      sortedSessions([
        { fecha: '2026-06-02', hora_inicio: '09:00', hora_fin: '10:00' },
        { fecha: '2026-06-01', hora_inicio: '15:00', hora_fin: '16:00' },
        { fecha: '2026-06-01', hora_inicio: '09:00', hora_fin: '10:00' },
      ]).map((s) => `${s.fecha} ${s.hora_inicio}`),
    ).toEqual(['2026-06-01 09:00', '2026-06-01 15:00', '2026-06-02 09:00']);
  });
});

describe('seats', () => {
  it('caps the capacity at the room', () => {
    expect(seatLimit(25)).toBe(25);
    expect(seatLimit(null)).toBe(10000);
  });
  it('enrols a list only while it is smaller than the free seats (spec §5)', () => {
    expect(bulkEnrolAllowed(4, 5)).toBe(true);
    expect(bulkEnrolAllowed(5, 5)).toBe(false);
    expect(bulkEnrolAllowed(1, 0)).toBe(true);
  });
});

describe('meetings and grades', () => {
  it('offers meetings only to virtual and streaming courses', () => {
    expect(allowsMeeting('VIRTUAL')).toBe(true);
    expect(allowsMeeting('STREAMING')).toBe(true);
    expect(allowsMeeting('PRESENCIAL')).toBe(false);
    expect(meetingKinds('E_LEARNING')).toEqual(['ninguna']);
  });
  it('grades on the model scale', () => {
    expect(gradeScales('conocimiento').calificacion).toMatchObject({ min: 0, max: 100 });
    expect(gradeScales('teorico_practico')).toMatchObject({ calificacion: { min: 1, max: 10 }, calificacion_practica: { min: 1, max: 5 } });
    expect(gradeScales('ninguno')).toEqual({});
    expect(gradeInScale(11, { min: 1, max: 10, decimals: 1 })).toBe(false);
    expect(gradeInScale(null, { min: 1, max: 10, decimals: 1 })).toBe(true);
  });
  it('colours every modality dark enough for white text (≥ 4.5:1)', () => {
    for (const colour of Object.values(MODALITY_COLORS)) {
      expect((1.05) / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('cost helpers', () => {
  it('names the costs watched in COST_FIELDS order', () => {
    expect(costsOf([1500, 0.5, undefined, null, 2])).toEqual({
      costo_instructor: 1500,
      costo_coffee_break: 0.5,
      costo_impresiones: null,
      costo_renta_sala: null,
      costo_otros: 2,
    });
  });

  it('converts every cost and only the costs', () => {
    const pesos = { costo_instructor: 1500, costo_coffee_break: 19.99, costo_impresiones: null, costo_renta_sala: 0, costo_otros: 0.1, capacidad: 20 };
    const sent = mapCosts(pesos, centavos);
    expect(sent).toEqual({ costo_instructor: 150000, costo_coffee_break: 1999, costo_impresiones: 0, costo_renta_sala: 0, costo_otros: 10 });
    expect(totalCentavos(costsOf(COST_FIELDS.map((f) => pesos[f])))).toBe(152009);
  });
});
