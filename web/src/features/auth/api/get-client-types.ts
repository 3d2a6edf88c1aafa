import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { COMBOS, type ComboOption } from './combos';

/** GET …/combos/n3/{n2} → client types of a segment. */
export function fetchClientTypes(n2: string): Promise<ComboOption[]> {
  return apiRequest<ComboOption[]>(`${COMBOS}/n3/${encodeURIComponent(n2)}`, { errorDialog: false });
}

/** Client types (N3) once a segment is chosen. */
export function useClientTypes(n2: string | null) {
  return useSWR<ComboOption[]>(n2 ? ['n3', n2] : null, () => fetchClientTypes(n2 as string), {
    revalidateOnFocus: false,
  });
}
