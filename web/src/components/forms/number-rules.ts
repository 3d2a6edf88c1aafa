import type { z } from 'zod';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The limits of a numeric input. */
export interface NumberRule {
  min?: number;
  max?: number;
  integer?: boolean;
  /** Required unless said otherwise. */
  optional?: boolean;
}

/** Adds the issue a numeric form value breaks, in the same words everywhere. */
export function checkNumber(
  ctx: z.RefinementCtx,
  t: Translate,
  path: string,
  value: number | null | undefined,
  rule: NumberRule,
): void {
  if (value === null || value === undefined || Number.isNaN(value)) {
    if (!rule.optional) ctx.addIssue({ code: 'custom', path: [path], message: t('common:validation.required') });
    return;
  }
  if (rule.integer && !Number.isInteger(value)) {
    ctx.addIssue({ code: 'custom', path: [path], message: t('common:validation.integer') });
    return;
  }
  const { min, max } = rule;
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    const message =
      min !== undefined && max !== undefined
        ? t('common:validation.range', { min, max })
        : min !== undefined
          ? t('common:validation.min', { min })
          : t('common:validation.max', { max });
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
}

/** NumberInput gives '' when empty; forms keep null. */
export function numberOrNull(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}
