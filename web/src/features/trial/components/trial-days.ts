import { isOn } from '@/lib/flags';
import type { TrialAnswer } from '../api/get-trial';

/** Spec §9: the trial lasts 30 days. */
export const TRIAL_DAYS = 30;

/** Days left to show, or null when the banner must not show. */
export function trialDaysLeft(answer: TrialAnswer | undefined): number | null {
  if (!answer || !isOn(answer.trial)) return null;
  const used = Number(answer.dias);
  if (!Number.isFinite(used)) return null;
  return Math.max(0, TRIAL_DAYS - used);
}

/** Spec §5: text, @, text, dot, text. */
export const UPGRADE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
