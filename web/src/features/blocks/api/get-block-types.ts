import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** A block type ('Ruta de aprendizaje', 'Inducción'…). */
export interface BlockType {
  id_tipo_bloque: number;
  nombre_tipo_bloque: string;
  activo: number | string | boolean | null;
}

/** SWR key of the block types. */
export const BLOCK_TYPES_KEY = 'catalogos.tipos_bloque';

/** GET catalogos/tipos_bloque. */
export function fetchBlockTypes(): Promise<BlockType[]> {
  return apiRequest<BlockType[]>(`${PRI}/catalogos/tipos_bloque`, { errorDialog: false });
}

/** The block types for the block form. */
export function useBlockTypes() {
  return useSWR<BlockType[]>(BLOCK_TYPES_KEY, fetchBlockTypes, { revalidateOnFocus: false });
}
