import { z } from 'zod';
import type { QuestionPayload } from '../api/create-question';
import { QUESTION_TYPES, type Question } from '../api/get-questions';
import { ANSWER_MAX, MAX_OPTIONS, QUESTION_MAX } from './rules';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export { ANSWER_MAX, MAX_OPTIONS, QUESTION_MAX };
export const MIN_OPTIONS = 2;

/** A question's rules: choice questions need ≥ 2 options; unica exactly one correct, multiple at least one. */
export function questionSchema(t: Translate) {
  const required = t('topics:validation.required');
  return z
    .object({
      pregunta: z.string().trim().min(1, required).max(QUESTION_MAX, t('topics:validation.too_long', { max: QUESTION_MAX })),
      tipo: z.enum(QUESTION_TYPES),
      respuestas: z.array(
        z.object({
          texto: z.string().max(ANSWER_MAX, t('topics:validation.too_long', { max: ANSWER_MAX })),
          correcta: z.boolean(),
        }),
      ),
    })
    .superRefine((v, ctx) => {
      if (v.tipo === 'abierta') return;
      v.respuestas.forEach((r, index) => {
        if (r.texto.trim() === '') ctx.addIssue({ code: 'custom', path: ['respuestas', index, 'texto'], message: required });
      });
      if (v.respuestas.length < MIN_OPTIONS) {
        ctx.addIssue({ code: 'custom', path: ['respuestas'], message: t('topics:questions.min_options', { min: MIN_OPTIONS }) });
        return;
      }
      const correct = v.respuestas.filter((r) => r.correcta).length;
      if (v.tipo === 'unica' && correct !== 1) {
        ctx.addIssue({ code: 'custom', path: ['respuestas'], message: t('topics:questions.one_correct') });
      }
      if (v.tipo === 'multiple' && correct < 1) {
        ctx.addIssue({ code: 'custom', path: ['respuestas'], message: t('topics:questions.some_correct') });
      }
    });
}

export type QuestionValues = z.infer<ReturnType<typeof questionSchema>>;

const blankOptions = () => [
  { texto: '', correcta: false },
  { texto: '', correcta: false },
];

/** The form values of a stored question, or of a new one. */
export function questionToValues(question: Question | null): QuestionValues {
  if (!question) return { pregunta: '', tipo: 'unica', respuestas: blankOptions() };
  const respuestas = (question.respuestas ?? []).map((r) => ({
    texto: r.texto ?? '',
    correcta: r.correcta === true || Number(r.correcta) === 1,
  }));
  return {
    pregunta: question.pregunta ?? '',
    tipo: question.tipo,
    respuestas: question.tipo === 'abierta' ? [] : respuestas.length > 0 ? respuestas : blankOptions(),
  };
}

/** The body sent to the server. */
export function questionPayload(v: QuestionValues): QuestionPayload {
  return {
    pregunta: v.pregunta.trim(),
    tipo: v.tipo,
    respuestas:
      v.tipo === 'abierta' ? [] : v.respuestas.map((r) => ({ texto: r.texto.trim(), correcta: r.correcta })),
  };
}

/** Options after a type change: kept (hidden for abierta), two blanks when there were none. */
export function optionsForType(next: QuestionValues['tipo'], current: QuestionValues['respuestas']): QuestionValues['respuestas'] {
  if (next === 'abierta') return current;
  const base = current.length > 0 ? current : blankOptions();
  if (next === 'unica') {
    // A single-answer question keeps at most the first correct option.
    const first = base.findIndex((r) => r.correcta);
    return base.map((r, i) => ({ ...r, correcta: i === first }));
  }
  return base;
}
