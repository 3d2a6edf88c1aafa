import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { OptionItem } from './options';

/** GET catalogos/estructura/opciones?nivel=N&padre=P: the active nodes of a level under a parent. */
export function fetchStructureOptions(nivel: number, padre: number | null): Promise<OptionItem[]> {
  return apiRequest<OptionItem[]>(`${PRI}/catalogos/estructura/opciones`, {
    query: { nivel, padre: nivel === 2 ? undefined : padre },
    errorDialog: false,
  });
}

/**
 * Options of one structure level for a cascading select. N2 needs no parent; any other level
 * waits (no request) until its parent is chosen.
 */
export function useStructureOptions(nivel: number, padre: number | null, enabled = true) {
  const ready = enabled && (nivel === 2 || padre !== null);
  return useSWR<OptionItem[]>(
    ready ? ['empleados.estructura.opciones', nivel, nivel === 2 ? null : padre] : null,
    () => fetchStructureOptions(nivel, padre),
    { revalidateOnFocus: false },
  );
}
