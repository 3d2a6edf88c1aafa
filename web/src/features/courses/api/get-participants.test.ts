import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZES } from '@/components/data-table';
import { PRI } from '@/lib/api/client';
import { mockFetch } from '@/test/fetch-mock';
import { jsonResponse } from '@/test/utils';
import { fetchAllParticipants } from './get-participants';
import type { ParticipanteFila } from './types';

const URL_40 = `${PRI}/cursos/40/participantes/tabla`;

function row(n: number): ParticipanteFila {
  return { cve_inscripcion_ai: n, nombre_empleado: `Persona ${n}`, estatus: 'inscrito' } as ParticipanteFila;
}

/** The table engine: `total` rows, refusing page sizes it does not serve (as the server does). */
function tableOf(total: number) {
  return mockFetch({
    [`POST ${URL_40}`]: ({ body }) => {
      const { page, cantPP } = body as { page: number; cantPP: number };
      if (!(PAGE_SIZES as readonly number[]).includes(cantPP)) {
        return jsonResponse({ resp: 'La cantidad por página debe ser 10, 20, 50 o 100', code: 'tabla.cantidad_por_pagina' }, 400);
      }
      const pages = Math.max(1, Math.ceil(total / cantPP));
      const from = (page - 1) * cantPP;
      const result = Array.from({ length: Math.max(0, Math.min(cantPP, total - from)) }, (_, i) => row(from + i + 1));
      return jsonResponse({ result, pages: { pages, ultima_page: pages, cantidad_registros: total }, columns_with_selects: [] });
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchAllParticipants (grades form)', () => {
  it('asks with a page size the table engine serves and reads one page for a small course', async () => {
    const api = tableOf(3);
    const rows = await fetchAllParticipants(40);
    expect(rows.map((r) => r.cve_inscripcion_ai)).toEqual([1, 2, 3]);
    expect(api.callsTo('POST', URL_40)).toHaveLength(1);
    expect(api.calls[0]?.body).toMatchObject({ page: 1, cantPP: 100, order: 'nombre_empleado' });
  });

  it('reads every page of a large course', async () => {
    const api = tableOf(230);
    const rows = await fetchAllParticipants(40);
    expect(rows).toHaveLength(230);
    expect(new Set(rows.map((r) => r.cve_inscripcion_ai)).size).toBe(230);
    expect(api.callsTo('POST', URL_40).map((c) => (c.body as { page: number }).page)).toEqual([1, 2, 3]);
  });

  it('answers an empty list for a course without participants', async () => {
    tableOf(0);
    await expect(fetchAllParticipants(40)).resolves.toEqual([]);
  });
});
