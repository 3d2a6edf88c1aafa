import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { announcementFormData } from './multipart';

/** A welcome slide as its administrators see it, with the profiles that see it. */
export type SlideAdmin = Schema<'SlideAdmin'>;
/** A welcome slide as POST and PUT configuracion/slides take it (the multipart `datos`). */
export type SlideForm = Schema<'SlideForm'>;
/** What saving an announcement answers. */
export type AnuncioGuardado = Schema<'AnuncioGuardado'>;

/** GET (every slide) and POST configuracion/slides. */
export const SLIDES_URL = `${PRI}/configuracion/slides`;
const slideUrl = (id: number) => `${SLIDES_URL}/${id}`;

/** Every welcome slide, in showing order; the screen shows its own failure. */
export function useSlidesAdmin() {
  return useSWR<SlideAdmin[]>(SLIDES_URL, (url: string) => apiRequest<SlideAdmin[]>(url, { errorDialog: false }), {
    revalidateOnFocus: false,
  });
}

/**
 * POST configuracion/slides (id null) or PUT configuracion/slides/{id}: multipart `datos` and,
 * for an image slide, `imagen` (required on creation, kept when editing without one).
 */
export function saveSlide(id: number | null, datos: SlideForm, imagen: File | null): Promise<AnuncioGuardado> {
  return apiRequest<AnuncioGuardado>(id === null ? SLIDES_URL : slideUrl(id), {
    method: id === null ? 'POST' : 'PUT',
    body: announcementFormData(datos, imagen),
    errorDialog: false,
  });
}

/** DELETE configuracion/slides/{id} (its image goes with it). */
export function deleteSlide(id: number): Promise<{ resp?: string }> {
  return apiRequest<{ resp?: string }>(slideUrl(id), { method: 'DELETE', errorDialog: false });
}
