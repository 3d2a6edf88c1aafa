import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { PROGRAMS, type Program } from './programs';

/** One event of a requirement (alta, habilitar, deshabilitar, editar). */
export type RequirementEvent = Schema<'EventoRequerimiento'>;

/** The answer of GET {prefix}/requerimientos/{id}/historial. */
export type RequirementHistory = Schema<'HistorialResp'>;

/** GET {prefix}/requerimientos/{id}/historial. */
export function fetchRequirementHistory(program: Program, id: number): Promise<RequirementHistory> {
  return apiRequest(`${PROGRAMS[program].prefix}/requerimientos/${id}/historial`, { errorDialog: false });
}

/** A requirement's events; `null` skips the request. */
export function useRequirementHistory(program: Program, id: number | null) {
  return useSWR(id ? ['plans.requerimiento.historial', program, id] : null, () => fetchRequirementHistory(program, id as number), {
    revalidateOnFocus: false,
  });
}
