import { z } from 'zod';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX as NAME_MAX, NAME_PATTERN } from './rules';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A topic group's rules: a name in the server's name format, a description, one topic or more. */
export function groupSchema(t: Translate) {
  const required = t('topics:validation.required');
  return z.object({
    nombre: z
      .string()
      .trim()
      .min(1, required)
      .max(NAME_MAX, t('topics:validation.too_long', { max: NAME_MAX }))
      .regex(NAME_PATTERN, t('topics:validation.name_chars')),
    descripcion: z.string().trim().max(GROUP_DESCRIPTION_MAX, t('topics:validation.too_long', { max: GROUP_DESCRIPTION_MAX })),
    temas: z.array(z.string()).min(1, t('topics:groups.pick_one')),
    activo: z.boolean(),
  });
}
