import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { PROGRAMS } from './programs';

/** A topic the specific-training alta offers. */
export interface SpecificTopic {
  cve_tema: number;
  abreviatura: string;
  nombre_tema: string;
  modalidad: string | null;
  horas: number | null;
  meses_certificacion: number | null;
}

/** GET plan_capacitacion/capacitacion_especifica/alta_requerimientos/por_estructuras/temas (spec §7). */
export function fetchSpecificTopics(): Promise<SpecificTopic[]> {
  return apiRequest(`${PROGRAMS.especifica.prefix}/alta_requerimientos/por_estructuras/temas`, { errorDialog: false });
}

/** The active topics of the specific-training alta. */
export function useSpecificTopics(enabled = true) {
  return useSWR<SpecificTopic[]>(enabled ? 'plans.especifica.temas' : null, fetchSpecificTopics, { revalidateOnFocus: false });
}
