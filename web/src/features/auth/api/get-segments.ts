import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { COMBOS, type ComboOption } from './combos';

/** GET …/combos/n2 → segments. */
export function fetchSegments(): Promise<ComboOption[]> {
  return apiRequest<ComboOption[]>(`${COMBOS}/n2`, { errorDialog: false });
}

/** Segments (N2) for the registration form. */
export function useSegments(enabled: boolean) {
  return useSWR<ComboOption[]>(enabled ? `${COMBOS}/n2` : null, fetchSegments, { revalidateOnFocus: false });
}
