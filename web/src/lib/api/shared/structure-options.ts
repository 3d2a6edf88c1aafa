import useSWR from 'swr';
import { PRI, apiRequest } from '../client';
import type { OptionItem } from './options';

/** Path of the structure-node options. */
export const STRUCTURE_OPTIONS_PATH = `${PRI}/catalogos/estructura/opciones`;

/** SWR key of the active nodes of a level under a parent (N2 has none). */
export function structureOptionsKey(nivel: number, padre: number | null): [string, number, number | null] {
  return [STRUCTURE_OPTIONS_PATH, nivel, nivel === 2 ? null : padre];
}

/** GET catalogos/estructura/opciones?nivel=N&padre=P: the active nodes of a level under a parent. */
export function fetchStructureOptions(nivel: number, padre: number | null): Promise<OptionItem[]> {
  return apiRequest<OptionItem[]>(STRUCTURE_OPTIONS_PATH, {
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
  return useSWR<OptionItem[]>(ready ? structureOptionsKey(nivel, padre) : null, () => fetchStructureOptions(nivel, padre), {
    revalidateOnFocus: false,
  });
}
