import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { INDICADORES } from './paths';
import type { Opciones } from './types';

/** SWR key of the filters' options (one per session: the four screens share it). */
export const FILTER_OPTIONS_KEY = 'indicadores.filtros';

/** GET indicadores/filtros: the structure nodes and plants of one's scope, and the default period. */
export function fetchFilterOptions(): Promise<Opciones> {
  return apiRequest<Opciones>(`${INDICADORES}/filtros`, { errorDialog: false });
}

/** The filters' options. */
export function useFilterOptions() {
  return useSWR<Opciones>(FILTER_OPTIONS_KEY, fetchFilterOptions, { revalidateOnFocus: false });
}
