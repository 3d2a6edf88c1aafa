import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { PROGRAMS } from './programs';

/** A topic the specific-training alta offers. */
export type SpecificTopic = Schema<'TemaEspecifica'>;

/** GET plan_capacitacion/capacitacion_especifica/alta_requerimientos/por_estructuras/temas (spec §7). */
export function fetchSpecificTopics(): Promise<SpecificTopic[]> {
  return apiRequest(`${PROGRAMS.especifica.prefix}/alta_requerimientos/por_estructuras/temas`, { errorDialog: false });
}

/** The active topics of the specific-training alta. */
export function useSpecificTopics(enabled = true) {
  return useSWR<SpecificTopic[]>(enabled ? 'plans.especifica.temas' : null, fetchSpecificTopics, { revalidateOnFocus: false });
}
