import { z } from 'zod';
import { publishedPattern } from '@/lib/api/field-limits';
import { LIMITS } from '@/lib/api/limits';
import type { Absence } from '../api/get-absences';

export const MOTIVO_MAX = LIMITS.NuevaAusencia.motivo.maxLength;
const DATE = publishedPattern(LIMITS.NuevaAusencia.fecha_inicio.pattern);

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A new absence: both dates, the end not before the start, a reason within the published length. */
export function absenceSchema(t: Translate) {
  const required = t('employees:validation.required');
  const date = z.string().trim().min(1, required).regex(DATE, t('employees:validation.date'));
  return z
    .object({
      fecha_inicio: date,
      fecha_fin: date,
      motivo: z.string().trim().min(1, required).max(MOTIVO_MAX, t('employees:validation.too_long', { max: MOTIVO_MAX })),
    })
    .refine((v) => !DATE.test(v.fecha_inicio) || !DATE.test(v.fecha_fin) || v.fecha_fin >= v.fecha_inicio, {
      path: ['fecha_fin'],
      message: t('employees:absences.end_before_start'),
    });
}

export type AbsenceValues = z.infer<ReturnType<typeof absenceSchema>>;

/** True when the range shares at least one day with an absence already registered. */
export function overlaps(range: Pick<Absence, 'fecha_inicio' | 'fecha_fin'>, existing: readonly Absence[]): boolean {
  return existing.some((a) => range.fecha_inicio <= a.fecha_fin.slice(0, 10) && a.fecha_inicio.slice(0, 10) <= range.fecha_fin);
}
