import { PRI } from '@/lib/api/client';

/** Table engine url of the topics (POST, see components/data-table). */
export const TOPICS_TABLE_URL = `${PRI}/catalogos/temas/tabla`;

/** One row of the topics table. */
export interface TopicRow {
  cve_tema: number;
  abreviatura: string;
  nombre_tema: string;
  area: string | null;
  tipo: string | null;
  modalidad: string | null;
  horas: number | null;
  preguntas: number | null;
  activo: number | string | boolean | null;
  ecommerce: number | string | boolean | null;
  /** Centavos; 0 = free. */
  precio: number | null;
  /** Average rating out of 5 (one decimal), null while nobody rated it. */
  rating?: number | null;
  votos?: number | null;
}
