import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { PROGRAMS, type Program } from './programs';
import type { RequirementRow } from './requirements-table';

/** One event of a requirement (alta, habilitar, deshabilitar, editar). */
export interface RequirementEvent {
  id_evento: number;
  accion: string;
  fecha: string;
  actor: string | null;
  motivo: string | null;
  afectados: number;
}

/** GET {prefix}/requerimientos/{id}/historial. */
export function fetchRequirementHistory(program: Program, id: number): Promise<{ requerimiento: RequirementRow; eventos: RequirementEvent[] }> {
  return apiRequest(`${PROGRAMS[program].prefix}/requerimientos/${id}/historial`, { errorDialog: false });
}

/** A requirement's events; `null` skips the request. */
export function useRequirementHistory(program: Program, id: number | null) {
  return useSWR(id ? ['plans.requerimiento.historial', program, id] : null, () => fetchRequirementHistory(program, id as number), {
    revalidateOnFocus: false,
  });
}
