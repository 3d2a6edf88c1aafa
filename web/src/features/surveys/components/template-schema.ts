import { z } from 'zod';
import type { Encuesta, EncuestaForm } from '../api/types';
import { TITLE_MAX, emptyQuestion, questionsPayload, questionsSchema } from './question-schema';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** At most this many questions in a course survey template. */
export const TEMPLATE_QUESTIONS_MAX = 30;
export const DESCRIPTION_MAX = 1000;

/** The template form's rules (surveys API: EncuestaForm). */
export function templateSchema(t: Translate) {
  return z.object({
    nombre: z.string().trim().min(1, t('surveys:validation.required')).max(TITLE_MAX, t('surveys:validation.too_long', { max: TITLE_MAX })),
    descripcion: z.string().max(DESCRIPTION_MAX, t('surveys:validation.too_long', { max: DESCRIPTION_MAX })),
    activa: z.boolean(),
    temas: z.array(z.string()),
    preguntas: questionsSchema(t, TEMPLATE_QUESTIONS_MAX),
  });
}

export type TemplateValues = z.infer<ReturnType<typeof templateSchema>>;

/** Inputs the server's `fields` may name. */
export const TEMPLATE_INPUTS = ['nombre', 'descripcion', 'activa', 'temas', 'preguntas'] as const;

/** A new template's values, or a stored one's. */
export function templateToValues(template: Encuesta | null): TemplateValues {
  if (!template) return { nombre: '', descripcion: '', activa: true, temas: [], preguntas: [emptyQuestion()] };
  return {
    nombre: template.nombre,
    descripcion: template.descripcion ?? '',
    activa: template.activa,
    temas: template.temas.map(String),
    preguntas: template.preguntas.length > 0 ? template.preguntas.map((q) => ({ ...q })) : [emptyQuestion()],
  };
}

/** The body of POST/PUT encuestas_cursos from valid values. */
export function templatePayload(v: TemplateValues): EncuestaForm {
  const descripcion = v.descripcion.trim();
  return {
    nombre: v.nombre.trim(),
    descripcion: descripcion || null,
    activa: v.activa,
    temas: v.temas.map(Number),
    preguntas: questionsPayload(v.preguntas),
  };
}
