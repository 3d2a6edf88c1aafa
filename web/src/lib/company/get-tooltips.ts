import useSWR from 'swr';
import { PRI, apiRequest } from '../api/client';
import type { Tooltip } from './types';

export const TOOLTIPS_KEY = `${PRI}/tooltips`;

/** GET /api/pri/tooltips: help texts (público), used by /FAQ and the contextual help icon. */
export function fetchTooltips(): Promise<Tooltip[]> {
  return apiRequest<Tooltip[]>(TOOLTIPS_KEY, { errorDialog: false });
}

/** Help texts, cached for the session. */
export function useTooltips() {
  return useSWR<Tooltip[]>(TOOLTIPS_KEY, fetchTooltips, {
    revalidateOnFocus: false,
    dedupingInterval: 5 * 60_000,
  });
}
