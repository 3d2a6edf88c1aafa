import useSWR from 'swr';
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

/** The trial state of the company, checked once per session. */
export function useTrial() {
  return useSWR<TrialAnswer>(KEY, fetchTrial, { revalidateOnFocus: false, dedupingInterval: 10 * 60_000 });
}
