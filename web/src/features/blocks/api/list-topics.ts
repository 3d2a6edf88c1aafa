import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** An active topic as the pickers list it. */
export interface TopicOption {
  cve_tema: number;
  abreviatura: string;
  nombre_tema: string;
  modalidad: string | null;
}

/** GET catalogos/temas/listar_temas/0: every active topic. */
export function fetchTopicOptions(): Promise<TopicOption[]> {
  return apiRequest<TopicOption[]>(`${PRI}/catalogos/temas/listar_temas/0`, { errorDialog: false });
}

/** Every active topic, for the block's topic editor. */
export function useTopicOptions(enabled = true) {
  return useSWR<TopicOption[]>(enabled ? ['catalogos.temas.listar', 0] : null, fetchTopicOptions, { revalidateOnFocus: false });
}
