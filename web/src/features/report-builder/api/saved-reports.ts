import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { REPORTES } from './paths';
import type { ReporteGuardado } from './types';

/** SWR key of the saved layouts one may run. */
export const SAVED_REPORTS_KEY = 'reportes.guardados';

/** GET reportes/guardados: one's own layouts and those shared with the active profile. */
export function fetchSavedReports(): Promise<ReporteGuardado[]> {
  return apiRequest<ReporteGuardado[]>(`${REPORTES}/guardados`, { errorDialog: false });
}

/** The saved layouts one may run. */
export function useSavedReports() {
  return useSWR<ReporteGuardado[]>(SAVED_REPORTS_KEY, fetchSavedReports, { revalidateOnFocus: false });
}
