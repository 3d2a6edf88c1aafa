import { PRI } from '@/lib/api/client';

/** Table engine url of the structure nodes (POST, see components/data-table). */
export const STRUCTURE_TABLE_URL = `${PRI}/catalogos/estructura/tabla`;

/** The levels a node can have: N2 Segmento … N7. */
export const LEVELS = [2, 3, 4, 5, 6, 7] as const;
export type Level = (typeof LEVELS)[number];

/** One row of the structure table. */
export interface StructureRow {
  cve_estructura: number;
  nivel: number;
  nombre: string;
  padre: string | null;
  cve_padre: number | null;
  activo: number | string | boolean | null;
}
