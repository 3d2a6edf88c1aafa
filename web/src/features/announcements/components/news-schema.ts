import { z } from 'zod';
import { checkNumber, isHttpUrl } from '@/components/forms';
import { imageProblem } from '@/components/upload';
import type { NoticiaAdmin, NoticiaForm } from '../api/news';
import { NEWS_LINK_MAX, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX, ORDER_MAX, ORDER_MIN } from './rules';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const file = z.custom<File | null>((value) => value === null || value instanceof File);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The news form's rules (the server's NoticiaForm): a title, an optional short description
 * and http(s) link, a start date and an optional end date not before it, an order from 0 to
 * 999 and, for a new item, an image (png, jpeg or gif up to 8 MB).
 */
export function newsSchema(t: Translate, storedImage: boolean) {
  const required = t('common:validation.required');
  const tooLong = (max: number) => t('announcements:validation.too_long', { max });
  return z
    .object({
      titulo: z.string(),
      descripcion_corta: z.string(),
      enlace: z.string(),
      fecha_inicio: z.string(),
      fecha_fin: z.string(),
      orden: z.number().nullable(),
      activa: z.boolean(),
      imagen: file,
    })
    // Every rule here rather than on the fields: a refinement runs only once the fields
    // themselves pass, and the form shows all its messages at once.
    .superRefine((v, ctx) => {
      const titulo = v.titulo.trim();
      if (!titulo) ctx.addIssue({ code: 'custom', path: ['titulo'], message: required });
      else if (titulo.length > NEWS_TITLE_MAX) ctx.addIssue({ code: 'custom', path: ['titulo'], message: tooLong(NEWS_TITLE_MAX) });
      if (v.descripcion_corta.trim().length > NEWS_SUMMARY_MAX) {
        ctx.addIssue({ code: 'custom', path: ['descripcion_corta'], message: tooLong(NEWS_SUMMARY_MAX) });
      }
      const enlace = v.enlace.trim();
      if (enlace.length > NEWS_LINK_MAX) ctx.addIssue({ code: 'custom', path: ['enlace'], message: tooLong(NEWS_LINK_MAX) });
      else if (enlace && !isHttpUrl(enlace)) ctx.addIssue({ code: 'custom', path: ['enlace'], message: t('announcements:validation.url') });
      if (!v.fecha_inicio) ctx.addIssue({ code: 'custom', path: ['fecha_inicio'], message: required });
      else if (!DATE.test(v.fecha_inicio)) ctx.addIssue({ code: 'custom', path: ['fecha_inicio'], message: t('announcements:validation.date') });
      if (v.fecha_fin && !DATE.test(v.fecha_fin)) ctx.addIssue({ code: 'custom', path: ['fecha_fin'], message: t('announcements:validation.date') });
      else if (v.fecha_fin && DATE.test(v.fecha_inicio) && v.fecha_fin < v.fecha_inicio) {
        ctx.addIssue({ code: 'custom', path: ['fecha_fin'], message: t('announcements:validation.end_before_start') });
      }
      checkNumber(ctx, t, 'orden', v.orden, { min: ORDER_MIN, max: ORDER_MAX, integer: true });
      if (v.imagen) {
        const problem = imageProblem(v.imagen);
        if (problem) ctx.addIssue({ code: 'custom', path: ['imagen'], message: t(`announcements:validation.image_${problem}`) });
      } else if (!storedImage) {
        ctx.addIssue({ code: 'custom', path: ['imagen'], message: t('announcements:validation.image_required') });
      }
    });
}

export type NewsValues = z.infer<ReturnType<typeof newsSchema>>;

/** Every input of the form, for placing the server's `fields`. */
export const NEWS_INPUTS = ['titulo', 'descripcion_corta', 'enlace', 'fecha_inicio', 'fecha_fin', 'orden', 'activa', 'imagen'] as const satisfies readonly (keyof NewsValues)[];

/** A new item's values (published from `today`), or a stored one's. */
export function newsToValues(item: NoticiaAdmin | null, today: string, nextOrder = 0): NewsValues {
  if (!item) {
    return { titulo: '', descripcion_corta: '', enlace: '', fecha_inicio: today, fecha_fin: '', orden: nextOrder, activa: true, imagen: null };
  }
  return {
    titulo: item.titulo,
    descripcion_corta: item.descripcion_corta,
    enlace: item.enlace,
    fecha_inicio: item.fecha_inicio.slice(0, 10),
    fecha_fin: item.fecha_fin.slice(0, 10),
    orden: item.orden,
    activa: item.activa,
    imagen: null,
  };
}

/** The `datos` JSON from valid form values (an empty end date: no end). */
export function newsPayload(v: NewsValues): NoticiaForm {
  return {
    titulo: v.titulo.trim(),
    descripcion_corta: v.descripcion_corta.trim(),
    enlace: v.enlace.trim(),
    fecha_inicio: v.fecha_inicio,
    fecha_fin: v.fecha_fin || null,
    orden: v.orden ?? 0,
    activa: v.activa,
  };
}
