import { z } from 'zod';
import type { EncuestaDashboard, EncuestaDashboardForm } from '../api/types';
import { TITLE_MAX, emptyQuestion, questionsPayload, questionsSchema } from './question-schema';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** At most this many questions in a dashboard survey. */
export const DASHBOARD_QUESTIONS_MAX = 10;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The dashboard survey form's rules (surveys API: EncuestaDashboardForm). */
export function dashboardSurveySchema(t: Translate) {
  const required = t('surveys:validation.required');
  return z
    .object({
      encuesta: z.string().trim().min(1, required).max(TITLE_MAX, t('surveys:validation.too_long', { max: TITLE_MAX })),
      desde: z.string(),
      hasta: z.string(),
      activa: z.boolean(),
      perfiles: z.array(z.string()).min(1, t('surveys:validation.profiles_min')),
      preguntas: questionsSchema(t, DASHBOARD_QUESTIONS_MAX),
    })
    .superRefine((v, ctx) => {
      for (const name of ['desde', 'hasta'] as const) {
        if (!v[name]) ctx.addIssue({ code: 'custom', path: [name], message: required });
        else if (!DATE.test(v[name])) ctx.addIssue({ code: 'custom', path: [name], message: t('surveys:validation.date') });
      }
      if (DATE.test(v.desde) && DATE.test(v.hasta) && v.hasta < v.desde) {
        ctx.addIssue({ code: 'custom', path: ['hasta'], message: t('surveys:validation.end_before_start') });
      }
    });
}

export type DashboardSurveyValues = z.infer<ReturnType<typeof dashboardSurveySchema>>;

/** Inputs the server's `fields` may name. */
export const DASHBOARD_SURVEY_INPUTS = ['encuesta', 'desde', 'hasta', 'activa', 'perfiles', 'preguntas'] as const;

/** A new dashboard survey's values, or a stored one's. */
export function dashboardSurveyToValues(survey: EncuestaDashboard | null): DashboardSurveyValues {
  if (!survey) return { encuesta: '', desde: '', hasta: '', activa: true, perfiles: [], preguntas: [emptyQuestion()] };
  return {
    encuesta: survey.encuesta,
    desde: survey.desde.slice(0, 10),
    hasta: survey.hasta.slice(0, 10),
    activa: survey.activa,
    perfiles: survey.perfiles.map(String),
    preguntas: survey.preguntas.length > 0 ? survey.preguntas.map((q) => ({ ...q })) : [emptyQuestion()],
  };
}

/** The body of POST/PUT configuracion/encuestas from valid values. */
export function dashboardSurveyPayload(v: DashboardSurveyValues): EncuestaDashboardForm {
  return {
    encuesta: v.encuesta.trim(),
    desde: v.desde,
    hasta: v.hasta,
    activa: v.activa,
    perfiles: v.perfiles.map(Number),
    preguntas: questionsPayload(v.preguntas),
  };
}
