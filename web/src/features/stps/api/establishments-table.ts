import { PRI } from '@/lib/api/client';

/** Table engine url of the STPS establishments (POST, see components/data-table). */
export const ESTABLISHMENTS_TABLE_URL = `${PRI}/catalogos/establecimientos_STPS/tabla`;

/** One row of the establishments table. */
export interface EstablishmentRow {
  cve_establecimiento: number;
  empresa: string | null;
  cve_n4?: number | null;
  nombre: string;
  registro_patronal: string | null;
  domicilio: string | null;
  estado: string | null;
  cve_estado?: number | null;
  activo: number | string | boolean | null;
}
