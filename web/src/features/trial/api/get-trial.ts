import useSWR, { mutate, preload } from 'swr';
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
 * Asks for the trial state before the shell renders (with the screen's first data), and puts
 * the answer in SWR's cache, so that the banner shows in the shell's first frame instead of
 * pushing the page down a moment later. The banner's own check on mount then takes the same
 * answer (SWR's preload) rather than asking again.
 */
export function preloadTrial(): void {
  if (preloaded) return;
  preloaded = true;
  void Promise.resolve(preload(KEY, fetchTrial))
    .then((answer) => mutate(KEY, answer, { revalidate: false }))
    .catch(() => undefined);
}

/** The trial state of the company, checked once per session. */
export function useTrial() {
  return useSWR<TrialAnswer>(KEY, fetchTrial, { revalidateOnFocus: false, dedupingInterval: 10 * 60_000 });
}
