import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** A published news item of the header's slider (spec §3: imagen, titulo, descripcion_corta). */
export type Noticia = Schema<'NoticiaVista'>;

/** GET configuracion/noticias: today's published news (none while the company's `noticias` is off). */
export const NEWS_URL = `${PRI}/configuracion/noticias`;

/** The slider's news; `enabled` false (no 'Ver Slider Noticias') asks nothing. A failure shows nothing. */
export function useNews(enabled: boolean) {
  return useSWR<Noticia[]>(enabled ? NEWS_URL : null, (url: string) => apiRequest<Noticia[]>(url, { errorDialog: false }), {
    revalidateOnFocus: false,
  });
}
