import { z } from 'zod';
import type { PreguntaEncuesta } from '../api/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Field limits of the surveys API. */
export const QUESTION_MAX = 500;
export const OPTION_MAX = 200;
export const TITLE_MAX = 150;

/** The four answer options of a question (spec: Survey, respuesta1 to 4). */
export const OPTION_FIELDS = ['respuesta1', 'respuesta2', 'respuesta3', 'respuesta4'] as const;

/** A question of the form: its text and exactly four options, each required. */
export function questionSchema(t: Translate) {
  const required = t('surveys:validation.required');
  const option = z.string().trim().min(1, t('surveys:validation.option_required')).max(OPTION_MAX, t('surveys:validation.too_long', { max: OPTION_MAX }));
  return z.object({
    id_pregunta: z.number().optional(),
    pregunta: z.string().trim().min(1, required).max(QUESTION_MAX, t('surveys:validation.too_long', { max: QUESTION_MAX })),
    respuesta1: option,
    respuesta2: option,
    respuesta3: option,
    respuesta4: option,
  });
}

/** The questions of a survey: between 1 and `max`. */
export function questionsSchema(t: Translate, max: number) {
  return z
    .array(questionSchema(t))
    .min(1, t('surveys:validation.questions_min'))
    .max(max, t('surveys:validation.questions_max', { max }));
}

/** An empty question. */
export function emptyQuestion(): PreguntaEncuesta {
  return { pregunta: '', respuesta1: '', respuesta2: '', respuesta3: '', respuesta4: '' };
}

/** The trimmed questions to send. */
export function questionsPayload(questions: PreguntaEncuesta[]): PreguntaEncuesta[] {
  return questions.map((q) => ({
    ...(q.id_pregunta ? { id_pregunta: q.id_pregunta } : {}),
    pregunta: q.pregunta.trim(),
    respuesta1: q.respuesta1.trim(),
    respuesta2: q.respuesta2.trim(),
    respuesta3: q.respuesta3.trim(),
    respuesta4: q.respuesta4.trim(),
  }));
}
