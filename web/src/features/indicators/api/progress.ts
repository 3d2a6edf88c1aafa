import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { PROGRESS_URLS, type ProgressKind } from './paths';
import type { Filtros, IndicadorAvance } from './types';

/**
 * The three 'Avance' calls (avance_grupos_temas, avance_bloques_temas, avance_audencia_meta)
 * take the same filters and answer the same shape: one fetcher and hook for the three.
 */
export const progressKey = (kind: ProgressKind, filtros: Filtros) => ['indicadores.avance', kind, JSON.stringify(filtros)] as const;

/** POST indicadores/avance_*: the rows of one 'Avance' screen. */
export function fetchProgress(kind: ProgressKind, filtros: Filtros): Promise<IndicadorAvance> {
  return apiRequest<IndicadorAvance>(PROGRESS_URLS[kind], { method: 'POST', body: filtros, errorDialog: false });
}

/** One 'Avance' for the filters. */
export function useProgress(kind: ProgressKind, filtros: Filtros) {
  return useSWR<IndicadorAvance>(progressKey(kind, filtros), () => fetchProgress(kind, filtros), { revalidateOnFocus: false });
}
