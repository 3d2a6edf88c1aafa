import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** A topic of a block, in its place. */
export interface BlockTopic {
  cve_tema: number;
  nombre?: string;
  nombre_tema?: string;
  abreviatura?: string;
  modalidad: string | null;
  orden?: number;
}

/** GET bloques_cursos/{id}: the block with its image, ordered topics, derived modality and hours. */
export interface BlockDetail {
  id_bloque: number;
  nombre_bloque: string;
  id_tipo_bloque: number | null;
  nombre_tipo_bloque?: string | null;
  precio: number | null;
  descripcion: string | null;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  capacidad_asistencia: number | null;
  video: string | null;
  activo: number | string | boolean | null;
  imagen_url?: string | null;
  temas?: BlockTopic[] | null;
  /** Virtual | Presencial | Mixto. */
  modalidad?: string | null;
  total_horas?: number | null;
  /** Average rating out of 5 (one decimal), null while nobody rated it; how many rated it. */
  rating?: number | null;
  votos?: number | null;
}

/** SWR key of one block. */
export const blockKey = (id: number) => ['catalogos.bloques_cursos', id] as const;

/** GET catalogos/bloques_cursos/{id}. */
export async function fetchBlock(id: number): Promise<BlockDetail> {
  const answer = await apiRequest<BlockDetail | BlockDetail[]>(`${PRI}/catalogos/bloques_cursos/${id}`, { errorDialog: false });
  return Array.isArray(answer) ? (answer[0] as BlockDetail) : answer;
}

/** One block; `null` skips the request. */
export function useBlock(id: number | null) {
  return useSWR<BlockDetail>(id ? blockKey(id) : null, () => fetchBlock(id as number), { revalidateOnFocus: false });
}

/** The name a block topic goes by. */
export function blockTopicName(topic: BlockTopic): string {
  return topic.nombre ?? topic.nombre_tema ?? String(topic.cve_tema);
}
