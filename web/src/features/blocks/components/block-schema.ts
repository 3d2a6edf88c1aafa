import { z } from 'zod';
import { checkNumber, isHttpUrl, toCentavos, toPesos } from '@/components/forms';
import { imageProblem } from '@/components/upload';
import type { BlockPayload } from '../api/block-payload';
import type { BlockDetail } from '../api/get-block';
import { DESCRIPTION_MAX, NAME_MAX } from './rules';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const file = z.custom<File | null>((value) => value === null || value instanceof File);

/** The block form's rules (docs/api-contract.md "Course blocks"; spec §5: everything required, end ≥ start). */
export function blockSchema(t: Translate, editing: boolean) {
  const required = t('blocks:validation.required');
  const tooLong = (max: number) => t('blocks:validation.too_long', { max });
  return z
    .object({
      nombre_bloque: z.string().trim().min(1, required).max(NAME_MAX, tooLong(NAME_MAX)),
      id_tipo_bloque: z.string().nullable(),
      precio: z.number().nullable(),
      descripcion: z.string().trim().min(1, required).max(DESCRIPTION_MAX, tooLong(DESCRIPTION_MAX)),
      imagen: file,
      fecha_inicio: z.string(),
      fecha_fin: z.string(),
      capacidad_asistencia: z.number().nullable(),
      video: z.string().trim(),
      activo: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (!v.id_tipo_bloque) ctx.addIssue({ code: 'custom', path: ['id_tipo_bloque'], message: required });
      checkNumber(ctx, t, 'precio', v.precio, { min: 0 });
      checkNumber(ctx, t, 'capacidad_asistencia', v.capacidad_asistencia, { min: 0, integer: true });
      if (!v.imagen && !editing) ctx.addIssue({ code: 'custom', path: ['imagen'], message: t('blocks:validation.image_required') });
      if (v.imagen) {
        const problem = imageProblem(v.imagen);
        if (problem === 'type') ctx.addIssue({ code: 'custom', path: ['imagen'], message: t('blocks:validation.image_type') });
        if (problem === 'size') ctx.addIssue({ code: 'custom', path: ['imagen'], message: t('blocks:validation.file_size') });
      }
      for (const name of ['fecha_inicio', 'fecha_fin'] as const) {
        if (!v[name]) ctx.addIssue({ code: 'custom', path: [name], message: required });
        else if (!DATE.test(v[name])) ctx.addIssue({ code: 'custom', path: [name], message: t('blocks:validation.date') });
      }
      if (DATE.test(v.fecha_inicio) && DATE.test(v.fecha_fin) && v.fecha_fin < v.fecha_inicio) {
        ctx.addIssue({ code: 'custom', path: ['fecha_fin'], message: t('blocks:validation.end_before_start') });
      }
      if (!v.video) ctx.addIssue({ code: 'custom', path: ['video'], message: required });
      else if (!isHttpUrl(v.video)) ctx.addIssue({ code: 'custom', path: ['video'], message: t('blocks:validation.url') });
    });
}

export type BlockValues = z.infer<ReturnType<typeof blockSchema>>;

/** Every input of the form, for placing the server's `fields`. */
export const BLOCK_INPUTS = [
  'nombre_bloque',
  'id_tipo_bloque',
  'precio',
  'descripcion',
  'imagen',
  'fecha_inicio',
  'fecha_fin',
  'capacidad_asistencia',
  'video',
  'activo',
] as const satisfies readonly (keyof BlockValues)[];

function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return Number(value) === 1 || value === '1';
}

/** A new block's values, or a stored block's. */
export function blockToValues(block: BlockDetail | null): BlockValues {
  if (!block) {
    return {
      nombre_bloque: '',
      id_tipo_bloque: null,
      precio: 0,
      descripcion: '',
      imagen: null,
      fecha_inicio: '',
      fecha_fin: '',
      capacidad_asistencia: 0,
      video: '',
      activo: true,
    };
  }
  return {
    nombre_bloque: block.nombre_bloque ?? '',
    id_tipo_bloque: block.id_tipo_bloque !== null && block.id_tipo_bloque !== undefined ? String(block.id_tipo_bloque) : null,
    precio: toPesos(block.precio),
    descripcion: block.descripcion ?? '',
    imagen: null,
    fecha_inicio: (block.fecha_inicio ?? '').slice(0, 10),
    fecha_fin: (block.fecha_fin ?? '').slice(0, 10),
    capacidad_asistencia: block.capacidad_asistencia ?? 0,
    video: block.video ?? '',
    activo: block.activo === null || block.activo === undefined ? true : flag(block.activo),
  };
}

/** The block JSON (`datos`) from valid form values. */
export function blockPayload(v: BlockValues): BlockPayload {
  return {
    nombre_bloque: v.nombre_bloque.trim(),
    id_tipo_bloque: Number(v.id_tipo_bloque),
    precio: toCentavos(v.precio ?? 0),
    descripcion: v.descripcion.trim(),
    fecha_inicio: v.fecha_inicio,
    fecha_fin: v.fecha_fin,
    capacidad_asistencia: v.capacidad_asistencia ?? 0,
    video: v.video.trim(),
    activo: v.activo ? 1 : 0,
  };
}
