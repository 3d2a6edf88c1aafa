import useSWR from 'swr';
import type { TableResponse } from '@/components/data-table';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { PROGRAMS } from './programs';

/** A block as the assignment picks it (hand-typed: the server's table rows are untyped in the OpenAPI document, `TablePage.result`). */
export interface BlockChoice {
  id_bloque: number;
  nombre_bloque: string;
  nombre_tipo_bloque: string | null;
  capacidad_asistencia: number | null;
  total_temas: number | null;
  activo: number | string | boolean | null;
}

/** The active blocks (first 100 by name) from the blocks table engine. */
export function useBlockChoices() {
  return useSWR<BlockChoice[]>('plans.bloques.opciones', async () => {
    const answer = await apiRequest<TableResponse<BlockChoice>>(`${PRI}/catalogos/bloques_cursos/tabla`, {
      method: 'POST',
      body: { page: 1, cantPP: 100, order: 'nombre_bloque', ordertype: 'asc', columns_with_selects: [], filtersEXT: {} },
      errorDialog: false,
    });
    return answer?.result ?? [];
  }, { revalidateOnFocus: false });
}

/** A topic of a block, in order. */
export type BlockTopic = Schema<'TemaBloque'>;

/** GET catalogos/asignacion_bloques/{id}/temas: 409 `bloque.sin_temas` when the block has none. */
export function useBlockTopics(id: number | null) {
  return useSWR<BlockTopic[]>(id ? ['plans.bloque.temas', id] : null, async () => {
    const answer = await apiRequest<BlockTopic[]>(`${PROGRAMS.bloque.prefix}/${id}/temas`, { errorDialog: false });
    return answer ?? [];
  }, { revalidateOnFocus: false, shouldRetryOnError: false });
}

/** GET catalogos/asignacion_bloques/{id}/cupo (`libres` null = unlimited). */
export type BlockSeats = Schema<'CupoResp'>;

/** A block's seats. */
export function useBlockSeats(id: number | null) {
  return useSWR<BlockSeats>(id ? ['plans.bloque.cupo', id] : null, () => apiRequest<BlockSeats>(`${PROGRAMS.bloque.prefix}/${id}/cupo`, { errorDialog: false }), {
    revalidateOnFocus: false,
  });
}

/** Body of POST catalogos/asignacion_bloques/{id}/asignar (`tipo_asignacion`: "puestos" | "empleados"). */
export type AssignBody = Schema<'AsignacionBody'>;

/** POST catalogos/asignacion_bloques/{id_bloque}/asignar. */
export function postAssignBlock(id: number, body: AssignBody): Promise<Schema<'AsignacionResp'>> {
  const clean = { ...body };
  if (clean.dias_limite == null) delete clean.dias_limite;
  return apiRequest(`${PROGRAMS.bloque.prefix}/${id}/asignar`, { method: 'POST', body: clean, errorDialog: false });
}
