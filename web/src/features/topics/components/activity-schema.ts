import { z } from 'zod';
import { checkNumber } from '@/components/forms';
import type { ActivityPayload } from '../api/create-activity';
import { EVIDENCE_TYPES, type Activity } from '../api/get-activities';
import { ACTIVITY_DESCRIPTION_MAX as DESCRIPTION_MAX, CHAR_LIMIT, TITLE_MAX } from './rules';

export { CHAR_LIMIT, TITLE_MAX };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An activity's rules: title, description, due days ≥ 0, evidence type, text limit 1–10000. */
export function activitySchema(t: Translate) {
  const required = t('topics:validation.required');
  return z
    .object({
      titulo: z.string().trim().min(1, required).max(TITLE_MAX, t('topics:validation.too_long', { max: TITLE_MAX })),
      descripcion: z.string().trim().min(1, required).max(DESCRIPTION_MAX, t('topics:validation.too_long', { max: DESCRIPTION_MAX })),
      dias_entrega: z.number().nullable(),
      tipo_evidencia: z.enum(EVIDENCE_TYPES).nullable(),
      limite_caracteres: z.number().nullable(),
    })
    .superRefine((v, ctx) => {
      if (!v.tipo_evidencia) ctx.addIssue({ code: 'custom', path: ['tipo_evidencia'], message: required });
      checkNumber(ctx, t, 'dias_entrega', v.dias_entrega, { min: 0, integer: true });
      if (v.tipo_evidencia === 'texto') checkNumber(ctx, t, 'limite_caracteres', v.limite_caracteres, { ...CHAR_LIMIT, integer: true });
    });
}

export type ActivityValues = z.infer<ReturnType<typeof activitySchema>>;

/** The form values of a stored activity, or of a new one. */
export function activityToValues(activity: Activity | null): ActivityValues {
  return {
    titulo: activity?.titulo ?? '',
    descripcion: activity?.descripcion ?? '',
    dias_entrega: activity?.dias_entrega ?? 0,
    tipo_evidencia: activity?.tipo_evidencia ?? null,
    limite_caracteres: activity?.limite_caracteres ?? null,
  };
}

/** The body sent: the character limit only for text evidence. */
export function activityPayload(v: ActivityValues): ActivityPayload {
  const tipo = v.tipo_evidencia ?? 'texto';
  return {
    titulo: v.titulo.trim(),
    descripcion: v.descripcion.trim(),
    dias_entrega: v.dias_entrega ?? 0,
    tipo_evidencia: tipo,
    limite_caracteres: tipo === 'texto' ? v.limite_caracteres : null,
  };
}

