import { PRI } from '@/lib/api/client';
import type { Signer } from './companies';

/** Table engine url of the DC-3 representatives (POST, see components/data-table). */
export const REPRESENTATIVES_TABLE_URL = `${PRI}/catalogos/representantes_DC3/tabla`;

type Flag = number | string | boolean | null;

/** One row of the representatives table. */
export interface RepresentativeRow {
  cve_representante: number;
  empresa: string | null;
  cve_n4?: number | null;
  tipo: Signer | string;
  nombre: string;
  puesto: string | null;
  tiene_firma: Flag;
  firma_url?: string | null;
  activo: Flag;
}
