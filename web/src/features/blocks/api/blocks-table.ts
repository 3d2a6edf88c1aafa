import { PRI } from '@/lib/api/client';

/** Table engine url of the course blocks (POST, see components/data-table). */
export const BLOCKS_TABLE_URL = `${PRI}/catalogos/bloques_cursos/tabla`;

/** One row of the blocks table. */
export interface BlockRow {
  id_bloque: number;
  nombre_bloque: string;
  nombre_tipo_bloque: string | null;
  /** Centavos; 0 = free. */
  precio: number | null;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  /** 0 = unlimited. */
  capacidad_asistencia: number | null;
  total_temas: number | null;
  /** Derived from its topics: Virtual | Presencial | Mixto (none while it has no topics). */
  modalidad: string | null;
  activo: number | string | boolean | null;
  /** Average rating out of 5 (one decimal), null while nobody rated it. */
  rating?: number | null;
  votos?: number | null;
}
