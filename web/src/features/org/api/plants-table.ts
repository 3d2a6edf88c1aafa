import { PRI } from '@/lib/api/client';

/** Table engine url of the plants (POST, see components/data-table). */
export const PLANTS_TABLE_URL = `${PRI}/catalogos/plantas/tabla`;

/** One row of the plants table. */
export interface PlantRow {
  cve_planta: number;
  nombre: string;
  empresa: string | null;
  estado: string | null;
  ciudad: string | null;
  activo: number | string | boolean | null;
}
