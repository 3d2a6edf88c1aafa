import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { BusquedaTema, RespTemasNombre, TemaNombre } from './types';

/**
 * POST catalogos/temas/getTemaNombre: the active topics whose name or abbreviation holds the
 * term (more than 3 characters); an empty `list` comes with `res: 'Tema no encontrado'`.
 */
export async function fetchTopicsByName(nombreTema: string): Promise<TemaNombre[]> {
  const body: BusquedaTema = { nombre_tema: nombreTema };
  const answer = await apiRequest<RespTemasNombre>(`${PRI}/catalogos/temas/getTemaNombre`, { method: 'POST', body, errorDialog: false });
  return answer?.list ?? [];
}

/** The topics matching a term; `null` (fewer than 4 characters) asks nothing. */
export function useTopicsByName(term: string | null) {
  return useSWR<TemaNombre[]>(term ? ['certificaciones.temas', term] : null, () => fetchTopicsByName(term as string), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
