import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { RespTemasNombre, TemaNombre } from './types';

/** POST catalogos/temas/getTemaNombre: up to 20 active topics whose name or abbreviation holds the term. */
export async function fetchTopicsByName(nombreTema: string): Promise<TemaNombre[]> {
  const answer = await apiRequest<RespTemasNombre>(`${PRI}/catalogos/temas/getTemaNombre`, {
    method: 'POST',
    body: { nombre_tema: nombreTema },
    errorDialog: false,
  });
  return answer?.res ?? [];
}

/** The topics matching a term; `null` (fewer than 4 characters) asks nothing. */
export function useTopicsByName(term: string | null) {
  return useSWR<TemaNombre[]>(term ? ['certificaciones.temas', term] : null, () => fetchTopicsByName(term as string), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
