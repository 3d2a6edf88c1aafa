import { PRI } from '@/lib/api/client';

/** Table engine url of the API keys (POST, see components/data-table). */
export const API_KEYS_TABLE_URL = `${PRI}/apis/tabla`;

/** One row of the API keys table (the engine's columns, server/src/apis/db.rs). */
export interface ApiKeyRow {
  id: number;
  nombre: string;
  /** First characters of the key followed by '…'. */
  prefijo: string;
  creado: string;
  creado_por: string | null;
  ultimo_uso: string | null;
  /** 1 active, 0 revoked. */
  estatus: number | string | null;
}
