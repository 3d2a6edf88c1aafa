import { describe, expect, it } from 'vitest';
import type { ReunionSesion } from '../api/types';
import { byDay } from './online-sessions-rules';

const s = (id: number, fecha: string, hora: string): ReunionSesion => ({
  id_sesion: id,
  cve_curso: 1,
  nombre_corto: 'Curso',
  nombre_tema: 'Tema',
  numero: 1,
  inscritos: 3,
  reunion_tipo: 'jitsi',
  modalidad: 'VIRTUAL',
  fecha,
  hora_inicio: hora,
  hora_fin: '23:59',
  inicio: `${fecha}T${hora}:00Z`,
  fin: `${fecha}T23:59:00Z`,
  reunion_url: 'https://meet.jit.si/Aula-x',
});

describe('online sessions', () => {
  it('groups the sessions by day, in time order', () => {
    const days = byDay([s(3, '2026-05-15', '09:00'), s(2, '2026-05-14', '16:00'), s(1, '2026-05-14', '08:00')]);
    expect(days.map(([day, list]) => [day, list.map((x) => x.id_sesion)])).toEqual([
      ['2026-05-14', [1, 2]],
      ['2026-05-15', [3]],
    ]);
  });
});
