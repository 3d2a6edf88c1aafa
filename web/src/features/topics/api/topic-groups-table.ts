import { PRI } from '@/lib/api/client';

/** Table engine url of the topic groups (POST, see components/data-table). */
export const TOPIC_GROUPS_TABLE_URL = `${PRI}/catalogos/grupos_temas/tabla`;

/** One row of the topic groups table. */
export interface TopicGroupRow {
  id_grupo: number;
  nombre: string;
  descripcion: string | null;
  total_temas?: number | null;
  activo: number | string | boolean | null;
}
