import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { savedReportUrl } from './paths';
import type { ReporteGuardado } from './types';

/** SWR key of one saved layout. */
export const savedReportKey = (id: number) => ['reportes.guardado', id] as const;

/** GET reportes/guardados/{id}. */
export function fetchSavedReport(id: number): Promise<ReporteGuardado> {
  return apiRequest<ReporteGuardado>(savedReportUrl(id), { errorDialog: false });
}

/** One saved layout (none asked for while `id` is null). */
export function useSavedReport(id: number | null) {
  return useSWR<ReporteGuardado>(id === null ? null : savedReportKey(id), () => fetchSavedReport(id as number), { revalidateOnFocus: false });
}
