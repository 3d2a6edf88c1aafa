import useSWR from 'swr';
import type { TableResponse } from '@/components/data-table';
import { PRI, apiRequest } from '@/lib/api/client';
import { PROGRAMS } from './programs';

/** A block as the assignment picks it. */
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
export interface BlockTopic {
  cve_tema: number;
  abreviatura?: string | null;
  nombre_tema: string;
  orden?: number | null;
}

/** GET catalogos/asignacion_bloques/{id}/temas: 409 `bloque.sin_temas` when the block has none. */
export function useBlockTopics(id: number | null) {
  return useSWR<BlockTopic[]>(id ? ['plans.bloque.temas', id] : null, async () => {
    const answer = await apiRequest<BlockTopic[] | { temas?: BlockTopic[] }>(`${PROGRAMS.bloque.prefix}/${id}/temas`, { errorDialog: false });
    return Array.isArray(answer) ? answer : (answer?.temas ?? []);
  }, { revalidateOnFocus: false, shouldRetryOnError: false });
}

/** GET catalogos/asignacion_bloques/{id}/cupo. */
export interface BlockSeats {
  capacidad_asistencia: number;
  total_asistentes: number;
  /** null = unlimited. */
  libres: number | null;
}

/** A block's seats. */
export function useBlockSeats(id: number | null) {
  return useSWR<BlockSeats>(id ? ['plans.bloque.cupo', id] : null, () => apiRequest<BlockSeats>(`${PROGRAMS.bloque.prefix}/${id}/cupo`, { errorDialog: false }), {
    revalidateOnFocus: false,
  });
}

/** Body of POST catalogos/asignacion_bloques/{id}/asignar. */
export interface AssignBody {
  tipo_asignacion: 'puestos' | 'empleados';
  puestos: number[];
  empleados: number[];
  obligatoria: boolean;
  dias_limite?: number | null;
}

/** POST catalogos/asignacion_bloques/{id_bloque}/asignar. */
export function postAssignBlock(id: number, body: AssignBody): Promise<{ resp: string; requerimientos: number[]; empleados_alcanzados: number; lugares_libres: number | null }> {
  const clean = { ...body };
  if (clean.dias_limite == null) delete clean.dias_limite;
  return apiRequest(`${PROGRAMS.bloque.prefix}/${id}/asignar`, { method: 'POST', body: clean, errorDialog: false });
}
