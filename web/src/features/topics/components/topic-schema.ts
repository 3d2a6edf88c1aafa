import { z } from 'zod';
import { checkNumber, isHttpUrl, toCentavos, toPesos } from '@/components/forms';
import { fileProblem, imageProblem } from '@/components/upload';
import type { TopicDetail } from '../api/get-topic';
import type { TopicPayload } from '../api/topic-payload';
import {
  ABBREVIATION_MAX,
  AUTHOR_MAX,
  CATEGORY_MAX,
  TAG_MAX,
  TAGS_MAX,
  TOPIC_DESCRIPTION_MAX as DESCRIPTION_MAX,
  TOPIC_NAME_MAX as NAME_MAX,
} from './rules';

export { ABBREVIATION_MAX, AUTHOR_MAX, CATEGORY_MAX, TAG_MAX, TAGS_MAX };

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const TOPIC_TYPES = ['Curso', 'Taller', 'Diplomado', 'Seminario', 'Plática', 'Certificación'] as const;
export const MODALITIES = ['PRESENCIAL', 'E_LEARNING', 'STREAMING'] as const;
export const EVALUATION_MODELS = ['conocimiento', 'teorico_practico', 'ninguno'] as const;
export type EvaluationModel = (typeof EVALUATION_MODELS)[number];

/** Pass marks of each scale (spec §9): knowledge 0–100 (70), theory 1–10 (7), practice 1–5 (3). */
export const PASS_MARKS = {
  conocimiento: { min: 0, max: 100, initial: 70 },
  teorico: { min: 1, max: 10, initial: 7 },
  practico: { min: 1, max: 5, initial: 3 },
} as const;

/** The default pass marks of an evaluation model. */
export function passMarkDefaults(model: EvaluationModel): { calificacion_minima: number | null; calificacion_minima_practica: number | null } {
  if (model === 'conocimiento') return { calificacion_minima: PASS_MARKS.conocimiento.initial, calificacion_minima_practica: null };
  if (model === 'teorico_practico')
    return { calificacion_minima: PASS_MARKS.teorico.initial, calificacion_minima_practica: PASS_MARKS.practico.initial };
  return { calificacion_minima: null, calificacion_minima_practica: null };
}

const file = z.custom<File | null>((value) => value === null || value instanceof File);

/** The topic form's rules, mirroring the server's (docs/api-contract.md, "Topics"; spec §5). */
export function topicSchema(t: Translate, editing: boolean) {
  const required = t('topics:validation.required');
  const tooLong = (max: number) => t('topics:validation.too_long', { max });
  return z
    .object({
      abreviatura: z.string().trim().min(1, required).max(ABBREVIATION_MAX, tooLong(ABBREVIATION_MAX)),
      nombre_tema: z.string().trim().min(1, required).max(NAME_MAX, tooLong(NAME_MAX)),
      cve_area: z.string().nullable(),
      tipo: z.string().nullable(),
      modalidad: z.enum(MODALITIES),
      descripcion: z.string().max(DESCRIPTION_MAX, tooLong(DESCRIPTION_MAX)),
      autor: z.string().trim().max(AUTHOR_MAX, tooLong(AUTHOR_MAX)),
      activo: z.boolean(),
      imagen: file,
      dias_duracion: z.number().nullable(),
      horas_sesion: z.number().nullable(),
      meses_certificacion: z.number().nullable(),
      dias_limite: z.number().nullable(),
      min_participantes: z.number().nullable(),
      max_participantes: z.number().nullable(),
      requiere_instructor: z.boolean(),
      requiere_sala: z.boolean(),
      prerrequisito: z.boolean(),
      prerrequisitos: z.array(z.string()),
      modelo_evaluacion: z.enum(EVALUATION_MODELS),
      calificacion_minima: z.number().nullable(),
      calificacion_minima_practica: z.number().nullable(),
      video: z.string().trim(),
      material_participante: file,
      material_instructor: file,
      ecommerce: z.boolean(),
      precio: z.number().nullable(),
      categoria: z.string().trim().max(CATEGORY_MAX, tooLong(CATEGORY_MAX)),
      etiquetas: z.array(z.string().trim().max(TAG_MAX, tooLong(TAG_MAX))).max(TAGS_MAX, t('topics:validation.tags_max', { max: TAGS_MAX })),
    })
    .superRefine((v, ctx) => {
      if (!v.cve_area) ctx.addIssue({ code: 'custom', path: ['cve_area'], message: required });
      if (!v.tipo) ctx.addIssue({ code: 'custom', path: ['tipo'], message: required });
      if (!v.imagen && !editing) ctx.addIssue({ code: 'custom', path: ['imagen'], message: t('topics:validation.image_required') });
      if (v.imagen) {
        const problem = imageProblem(v.imagen);
        if (problem === 'type') ctx.addIssue({ code: 'custom', path: ['imagen'], message: t('topics:validation.image_type') });
        if (problem === 'size') ctx.addIssue({ code: 'custom', path: ['imagen'], message: t('topics:validation.file_size') });
      }
      for (const name of ['material_participante', 'material_instructor'] as const) {
        const chosen = v[name];
        if (chosen && fileProblem(chosen)) ctx.addIssue({ code: 'custom', path: [name], message: t('topics:validation.file_size') });
      }
      checkNumber(ctx, t, 'dias_duracion', v.dias_duracion, { min: 1, integer: true });
      checkNumber(ctx, t, 'horas_sesion', v.horas_sesion, { min: 0.5, max: 24 });
      checkNumber(ctx, t, 'meses_certificacion', v.meses_certificacion, { min: 0, integer: true });
      checkNumber(ctx, t, 'dias_limite', v.dias_limite, { min: 0, integer: true });
      checkNumber(ctx, t, 'min_participantes', v.min_participantes, { min: 1, integer: true });
      checkNumber(ctx, t, 'max_participantes', v.max_participantes, { min: 1, integer: true });
      if (v.min_participantes !== null && v.max_participantes !== null && v.min_participantes > v.max_participantes) {
        ctx.addIssue({ code: 'custom', path: ['max_participantes'], message: t('topics:validation.min_max') });
      }
      if (v.prerrequisito && v.prerrequisitos.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['prerrequisitos'], message: t('topics:validation.prerequisites') });
      }
      if (v.modelo_evaluacion === 'conocimiento') {
        checkNumber(ctx, t, 'calificacion_minima', v.calificacion_minima, PASS_MARKS.conocimiento);
      } else if (v.modelo_evaluacion === 'teorico_practico') {
        checkNumber(ctx, t, 'calificacion_minima', v.calificacion_minima, PASS_MARKS.teorico);
        checkNumber(ctx, t, 'calificacion_minima_practica', v.calificacion_minima_practica, PASS_MARKS.practico);
      }
      if (v.video && !isHttpUrl(v.video)) ctx.addIssue({ code: 'custom', path: ['video'], message: t('topics:validation.url') });
      checkNumber(ctx, t, 'precio', v.precio, { min: 0 });
    });
}

export type TopicValues = z.infer<ReturnType<typeof topicSchema>>;

/** Every input of the form, for placing the server's `fields`. */
export const TOPIC_INPUTS = [
  'abreviatura',
  'nombre_tema',
  'cve_area',
  'tipo',
  'modalidad',
  'descripcion',
  'autor',
  'activo',
  'imagen',
  'dias_duracion',
  'horas_sesion',
  'meses_certificacion',
  'dias_limite',
  'min_participantes',
  'max_participantes',
  'requiere_instructor',
  'requiere_sala',
  'prerrequisito',
  'prerrequisitos',
  'modelo_evaluacion',
  'calificacion_minima',
  'calificacion_minima_practica',
  'video',
  'material_participante',
  'material_instructor',
  'ecommerce',
  'precio',
  'categoria',
  'etiquetas',
] as const satisfies readonly (keyof TopicValues)[];

/** A new topic's values. */
export function emptyTopicValues(): TopicValues {
  return {
    abreviatura: '',
    nombre_tema: '',
    cve_area: null,
    tipo: null,
    modalidad: 'PRESENCIAL',
    descripcion: '',
    autor: '',
    activo: true,
    imagen: null,
    dias_duracion: 1,
    horas_sesion: 1,
    meses_certificacion: 0,
    dias_limite: 0,
    min_participantes: 1,
    max_participantes: 30,
    requiere_instructor: true,
    requiere_sala: true,
    prerrequisito: false,
    prerrequisitos: [],
    modelo_evaluacion: 'conocimiento',
    ...passMarkDefaults('conocimiento'),
    video: '',
    material_participante: null,
    material_instructor: null,
    ecommerce: false,
    precio: 0,
    categoria: '',
    etiquetas: [],
  };
}

function flag(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  return Number(value) === 1 || value === '1';
}

function numberOr(value: unknown, fallback: number | null): number | null {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

function oneOf<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

/** The form values of a stored topic (ver_tema). */
export function topicToValues(topic: TopicDetail): TopicValues {
  const base = emptyTopicValues();
  const model = oneOf(EVALUATION_MODELS, topic.modelo_evaluacion, 'conocimiento');
  const defaults = passMarkDefaults(model);
  return {
    ...base,
    abreviatura: topic.abreviatura ?? '',
    nombre_tema: topic.nombre_tema ?? '',
    cve_area: topic.cve_area !== undefined && topic.cve_area !== null ? String(topic.cve_area) : null,
    tipo: topic.tipo ?? null,
    modalidad: oneOf(MODALITIES, topic.modalidad, 'PRESENCIAL'),
    descripcion: topic.descripcion ?? '',
    autor: topic.autor ?? '',
    activo: flag(topic.activo, true),
    dias_duracion: numberOr(topic.dias_duracion, base.dias_duracion),
    horas_sesion: numberOr(topic.horas_sesion, base.horas_sesion),
    meses_certificacion: numberOr(topic.meses_certificacion, base.meses_certificacion),
    dias_limite: numberOr(topic.dias_limite, base.dias_limite),
    min_participantes: numberOr(topic.min_participantes, base.min_participantes),
    max_participantes: numberOr(topic.max_participantes, base.max_participantes),
    requiere_instructor: flag(topic.requiere_instructor, true),
    requiere_sala: flag(topic.requiere_sala, true),
    prerrequisito: flag(topic.prerrequisito, false),
    prerrequisitos: (topic.prerrequisitos ?? []).map((p) => String(typeof p === 'number' ? p : p.cve_tema)),
    modelo_evaluacion: model,
    calificacion_minima: model === 'ninguno' ? null : numberOr(topic.calificacion_minima, defaults.calificacion_minima),
    calificacion_minima_practica:
      model === 'teorico_practico' ? numberOr(topic.calificacion_minima_practica, defaults.calificacion_minima_practica) : null,
    video: topic.video ?? '',
    ecommerce: flag(topic.ecommerce, false),
    precio: toPesos(topic.precio),
    categoria: topic.categoria ?? '',
    etiquetas: (topic.etiquetas ?? []).map((e) => (typeof e === 'string' ? e : e.etiqueta)),
  };
}

const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** The topic JSON the server stores (`datos`), from valid form values. */
export function topicPayload(v: TopicValues): TopicPayload {
  return {
    abreviatura: v.abreviatura.trim(),
    nombre_tema: v.nombre_tema.trim(),
    cve_area: Number(v.cve_area),
    tipo: v.tipo ?? '',
    modalidad: v.modalidad,
    dias_duracion: v.dias_duracion ?? 1,
    horas_sesion: v.horas_sesion ?? 1,
    meses_certificacion: v.meses_certificacion ?? 0,
    prerrequisito: bit(v.prerrequisito),
    prerrequisitos: v.prerrequisito ? v.prerrequisitos.map(Number) : [],
    min_participantes: v.min_participantes ?? 1,
    max_participantes: v.max_participantes ?? 1,
    requiere_instructor: bit(v.requiere_instructor),
    requiere_sala: bit(v.requiere_sala),
    modelo_evaluacion: v.modelo_evaluacion,
    calificacion_minima: v.modelo_evaluacion === 'ninguno' ? null : v.calificacion_minima,
    calificacion_minima_practica: v.modelo_evaluacion === 'teorico_practico' ? v.calificacion_minima_practica : null,
    descripcion: v.descripcion.trim(),
    autor: v.autor.trim(),
    video: v.video.trim(),
    dias_limite: v.dias_limite ?? 0,
    activo: bit(v.activo),
    ecommerce: bit(v.ecommerce),
    categoria: v.categoria.trim(),
    etiquetas: [...new Set(v.etiquetas.map((e) => e.trim()).filter(Boolean))],
    precio: toCentavos(v.precio ?? 0),
  };
}
