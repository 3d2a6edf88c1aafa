import { PRI } from '@/lib/api/client';

/** Table engine url of the positions (POST, see components/data-table). */
export const POSITIONS_TABLE_URL = `${PRI}/catalogos/estructura_puestos`;

/** One row of the positions table. */
export interface PositionRow {
  cve_puesto: number;
  puesto: string;
  estructura: string | null;
  nivel: number | null;
  descripcion: string | null;
  empleados: number | null;
  activo: number | string | boolean | null;
}
