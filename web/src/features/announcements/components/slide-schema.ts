import { z } from 'zod';
import { checkNumber } from '@/components/forms';
import { imageProblem } from '@/components/upload';
import type { SlideAdmin, SlideForm } from '../api/slides';
import { ORDER_MAX, ORDER_MIN, SLIDE_TEXT_MAX, SLIDE_TITLE_MAX } from './rules';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const file = z.custom<File | null>((value) => value === null || value instanceof File);

/** The two kinds of slide: an image, or a title and a text. */
export const SLIDE_TYPES = ['imagen', 'texto'] as const;
export type SlideType = (typeof SLIDE_TYPES)[number];

/**
 * The welcome slide form's rules (the server's SlideForm): a title; a text for a text slide,
 * an image (png, jpeg or gif up to 8 MB) for a new image slide; at least one profile; an
 * order from 0 to 999. `storedImage`: the slide being edited has an image already.
 */
export function slideSchema(t: Translate, storedImage: boolean) {
  const required = t('common:validation.required');
  const tooLong = (max: number) => t('announcements:validation.too_long', { max });
  return z
    .object({
      tipo: z.enum(SLIDE_TYPES),
      titulo: z.string(),
      contenido: z.string(),
      perfiles: z.array(z.string()),
      orden: z.number().nullable(),
      activo: z.boolean(),
      imagen: file,
    })
    // Every rule here rather than on the fields: a refinement runs only once the fields
    // themselves pass, and the form shows all its messages at once.
    .superRefine((v, ctx) => {
      const titulo = v.titulo.trim();
      if (!titulo) ctx.addIssue({ code: 'custom', path: ['titulo'], message: required });
      else if (titulo.length > SLIDE_TITLE_MAX) ctx.addIssue({ code: 'custom', path: ['titulo'], message: tooLong(SLIDE_TITLE_MAX) });
      if (v.tipo === 'texto') {
        const text = v.contenido.trim();
        if (!text) ctx.addIssue({ code: 'custom', path: ['contenido'], message: required });
        else if (text.length > SLIDE_TEXT_MAX) ctx.addIssue({ code: 'custom', path: ['contenido'], message: tooLong(SLIDE_TEXT_MAX) });
      } else if (v.imagen) {
        const problem = imageProblem(v.imagen);
        if (problem) ctx.addIssue({ code: 'custom', path: ['imagen'], message: t(`announcements:validation.image_${problem}`) });
      } else if (!storedImage) {
        ctx.addIssue({ code: 'custom', path: ['imagen'], message: t('announcements:validation.image_required') });
      }
      if (v.perfiles.length === 0) ctx.addIssue({ code: 'custom', path: ['perfiles'], message: t('announcements:validation.profiles') });
      checkNumber(ctx, t, 'orden', v.orden, { min: ORDER_MIN, max: ORDER_MAX, integer: true });
    });
}

export type SlideValues = z.infer<ReturnType<typeof slideSchema>>;

/** Every input of the form, for placing the server's `fields`. */
export const SLIDE_INPUTS = ['tipo', 'titulo', 'contenido', 'perfiles', 'orden', 'activo', 'imagen'] as const satisfies readonly (keyof SlideValues)[];

/** A new slide's values (for every profile but none chosen yet), or a stored one's. */
export function slideToValues(slide: SlideAdmin | null, nextOrder = 0): SlideValues {
  if (!slide) return { tipo: 'imagen', titulo: '', contenido: '', perfiles: [], orden: nextOrder, activo: true, imagen: null };
  return {
    tipo: slide.tipo === 'texto' ? 'texto' : 'imagen',
    titulo: slide.titulo,
    contenido: slide.tipo === 'texto' ? slide.contenido_slide : '',
    perfiles: slide.perfiles.map(String),
    orden: slide.orden,
    activo: slide.activo,
    imagen: null,
  };
}

/** The `datos` JSON from valid form values (a text slide sends no image). */
export function slidePayload(v: SlideValues): SlideForm {
  return {
    tipo: v.tipo,
    titulo: v.titulo.trim(),
    contenido: v.tipo === 'texto' ? v.contenido.trim() : '',
    perfiles: v.perfiles.map(Number),
    orden: v.orden ?? 0,
    activo: v.activo,
  };
}
