import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { REPORTES } from './paths';
import type { Fuente } from './types';

/** SWR key of the data sources (the language is in the texts: a new language asks again). */
export const sourcesKey = (language: string) => ['reportes.fuentes', language] as const;

/** GET reportes/fuentes: every data source with its columns (names in the UI language). */
export function fetchSources(): Promise<Fuente[]> {
  return apiRequest<Fuente[]>(`${REPORTES}/fuentes`, { errorDialog: false });
}

/** The data sources of the builder. */
export function useSources(language: string) {
  return useSWR<Fuente[]>(sourcesKey(language), () => fetchSources(), { revalidateOnFocus: false });
}
