import useSWR, { preload } from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

export interface TrialAnswer {
  res?: string;
  trial: boolean | number | string;
  dias: number | string;
}

const KEY = `${PRI}/dashboard/trial`;

/** GET dashboard/trial → `{res, trial, dias}`. */
export function fetchTrial(): Promise<TrialAnswer> {
  return apiRequest<TrialAnswer>(KEY, { errorDialog: false });
}

/** Once per page load: later checks are the banner's own (see useTrial). */
let preloaded = false;

/**
 * Asks for the trial state before the shell renders (with the screen's first data), so that
 * the banner shows with the shell instead of pushing the page down a moment later.
 */
export function preloadTrial(): void {
  if (preloaded) return;
  preloaded = true;
  void Promise.resolve(preload(KEY, fetchTrial)).catch(() => undefined);
}

/** The trial state of the company, checked once per session. */
export function useTrial() {
  return useSWR<TrialAnswer>(KEY, fetchTrial, { revalidateOnFocus: false, dedupingInterval: 10 * 60_000 });
}
