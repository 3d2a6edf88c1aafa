// The limits of the announcements' texts, as the server publishes them (src/lib/api/limits.ts,
// generated from its OpenAPI document), so the client says no before a round trip.
import { LIMITS } from '@/lib/api/limits';

export const SLIDE_TITLE_MAX = LIMITS.SlideForm.titulo.maxLength;
export const SLIDE_TEXT_MAX = LIMITS.SlideForm.contenido.maxLength;
export const NEWS_TITLE_MAX = LIMITS.NoticiaForm.titulo.maxLength;
export const NEWS_SUMMARY_MAX = LIMITS.NoticiaForm.descripcion_corta.maxLength;
export const NEWS_LINK_MAX = LIMITS.NoticiaForm.enlace.maxLength;
/** The showing order (the server's `validacion.orden`: 0 to 999; not in its published limits). */
export const ORDER_MIN = 0;
export const ORDER_MAX = 999;

/** The order a new item gets: ten after the last one (room to put others between), at most ORDER_MAX. */
export function nextOrder(orders: number[]): number {
  return orders.length === 0 ? 0 : Math.min(ORDER_MAX, Math.max(...orders) + 10);
}
