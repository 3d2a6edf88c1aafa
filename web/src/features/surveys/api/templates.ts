import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Encuesta, EncuestaForm } from './types';

/** Table engine url of the course survey templates. */
export const TEMPLATES_TABLE_URL = `${PRI}/encuestas_cursos/tabla`;

/** SWR key of one template. */
export const templateKey = (id: number) => ['encuestas_cursos', id] as const;

/** GET encuestas_cursos/{id_encuesta}. */
export function fetchTemplate(id: number): Promise<Encuesta> {
  return apiRequest<Encuesta>(`${PRI}/encuestas_cursos/${id}`, { errorDialog: false });
}

/** One template; `null` skips the request. */
export function useTemplate(id: number | null) {
  return useSWR<Encuesta>(id ? templateKey(id) : null, () => fetchTemplate(id as number), { revalidateOnFocus: false });
}

/** POST encuestas_cursos. */
export function postTemplate(body: EncuestaForm): Promise<Encuesta> {
  return apiRequest<Encuesta>(`${PRI}/encuestas_cursos`, { method: 'POST', body, errorDialog: false });
}

/** PUT encuestas_cursos/{id_encuesta}. */
export function putTemplate(id: number, body: EncuestaForm): Promise<Encuesta> {
  return apiRequest<Encuesta>(`${PRI}/encuestas_cursos/${id}`, { method: 'PUT', body, errorDialog: false });
}

/** DELETE encuestas_cursos/{id_encuesta} (409 once answered). */
export function deleteTemplate(id: number): Promise<{ resp: string }> {
  return apiRequest<{ resp: string }>(`${PRI}/encuestas_cursos/${id}`, { method: 'DELETE', errorDialog: false });
}
