import { describe, expect, it } from 'vitest';
import type { MyCertificate } from '../api/get-my-certificates';
import { availableIds, certificatesOfCourse, orderedSelection } from './selection-rules';

function course(cve: number, dc3: Partial<MyCertificate['dc3']> = {}): MyCertificate {
  return {
    cve_curso: cve,
    nombre_curso: `Curso ${cve}`,
    fecha_inicio: '2026-03-02',
    fecha_fin: '2026-03-03',
    horas: 8,
    dc3: { aplica: true, disponible: true, faltantes: [], codigo: null, ...dc3 },
    codigo_constancia: null,
  };
}

describe('my certificates selection', () => {
  it('lists a course certificate first and then its DC-3 only when the modality carries one', () => {
    expect(certificatesOfCourse(course(4)).map((c) => c.id)).toEqual(['curso:4', 'dc3:4']);
    expect(certificatesOfCourse(course(5, { aplica: false })).map((c) => c.id)).toEqual(['curso:5']);
  });

  it('offers only the certificates that can be downloaded now', () => {
    const list = [course(1), course(2, { disponible: false, faltantes: ['CURP'] }), course(3, { aplica: false })];
    expect(availableIds(list)).toEqual(['curso:1', 'dc3:1', 'curso:2', 'curso:3']);
  });

  it('sends the selection in list order whatever order it was ticked in, without what the list no longer offers', () => {
    const list = [course(9), course(7, { disponible: false })];
    const ticked = new Set(['curso:7', 'dc3:9', 'dc3:7', 'curso:9', 'curso:3']);
    expect(orderedSelection(list, ticked)).toEqual(['curso:9', 'dc3:9', 'curso:7']);
  });
});
