import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { COMBOS, type ComboOption } from './combos';

/** Company suggestions start at this many typed characters (spec §9). */
export const COMPANY_SEARCH_MIN = 3;

/** GET …/combos/n4/{n3}?q= → companies of a client type matching the text. */
export function fetchCompanies(n3: string, q: string): Promise<ComboOption[]> {
  return apiRequest<ComboOption[]>(`${COMBOS}/n4/${encodeURIComponent(n3)}`, { query: { q }, errorDialog: false });
}

/** Company typeahead: asks only from three characters on. */
export function useCompanies(n3: string | null, q: string) {
  const text = q.trim();
  return useSWR<ComboOption[]>(
    n3 && text.length >= COMPANY_SEARCH_MIN ? ['n4', n3, text] : null,
    () => fetchCompanies(n3 as string, text),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
