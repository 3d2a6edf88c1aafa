import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { announcementFormData } from './multipart';
import type { AnuncioGuardado } from './slides';

/** A news item, published or not. */
export type NoticiaAdmin = Schema<'NoticiaVista'>;
/** A news item as POST and PUT configuracion/noticias take it (the multipart `datos`). */
export type NoticiaForm = Schema<'NoticiaForm'>;

/** POST configuracion/noticias. */
export const NEWS_URL = `${PRI}/configuracion/noticias`;
/** GET configuracion/noticias/todas: every news item, for its administrators. */
export const ALL_NEWS_URL = `${NEWS_URL}/todas`;
const newsUrl = (id: number) => `${NEWS_URL}/${id}`;

/** Every news item; the screen shows its own failure. */
export function useNewsAdmin() {
  return useSWR<NoticiaAdmin[]>(ALL_NEWS_URL, (url: string) => apiRequest<NoticiaAdmin[]>(url, { errorDialog: false }), {
    revalidateOnFocus: false,
  });
}

/** POST configuracion/noticias (id null; `imagen` required) or PUT configuracion/noticias/{id} (image kept without one). */
export function saveNews(id: number | null, datos: NoticiaForm, imagen: File | null): Promise<AnuncioGuardado> {
  return apiRequest<AnuncioGuardado>(id === null ? NEWS_URL : newsUrl(id), {
    method: id === null ? 'POST' : 'PUT',
    body: announcementFormData(datos, imagen),
    errorDialog: false,
  });
}

/** DELETE configuracion/noticias/{id} (its image goes with it). */
export function deleteNews(id: number): Promise<{ resp?: string }> {
  return apiRequest<{ resp?: string }>(newsUrl(id), { method: 'DELETE', errorDialog: false });
}
