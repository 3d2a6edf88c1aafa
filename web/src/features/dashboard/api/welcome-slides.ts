import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** A welcome slide (spec §3): `contenido_slide` is the image's address (imagen) or the text (texto). */
export type Slide = Schema<'Slide'>;

/** GET lms/slides/{perfil_sistema}: the active profile's slides one has not hidden. */
export const slidesUrl = (perfil: string) => `${PRI}/lms/slides/${encodeURIComponent(perfil)}`;
export const HIDE_SLIDES_URL = `${PRI}/lms/slides/noMostrarSlides`;

/**
 * The welcome slides of one's active profile (named or numbered); `null` asks nothing. The
 * carousel shows its own toast on failure, so no dialog; fetched once per mount.
 */
export function useWelcomeSlides(perfil: string | null) {
  return useSWR<Slide[]>(perfil === null ? null : slidesUrl(perfil), (url: string) => apiRequest<Slide[]>(url, { errorDialog: false }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
  });
}

/** POST lms/slides/noMostrarSlides: 'No volver a mostrar.' for these slides of one's active profile. */
export function hideSlides(perfil: string, ids: number[]): Promise<Schema<'Ocultados'>> {
  const body: Schema<'NoMostrar'> = { perfil_sistema: perfil, slides: ids.map((cve_slide) => ({ cve_slide })) };
  return apiRequest<Schema<'Ocultados'>>(HIDE_SLIDES_URL, { method: 'POST', body, errorDialog: false });
}
