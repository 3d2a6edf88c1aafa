import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { PAGE_SIZE, savedReportUrl } from './paths';
import type { ResultadoReporte } from './types';

/** SWR key of one page of a saved layout's rows. */
export const savedRunKey = (id: number, page: number) => ['reportes.guardado.ejecutar', id, page] as const;

/** POST reportes/guardados/{id}/ejecutar: one page of a saved layout, within the caller's scope. */
export function runSavedReport(id: number, page: number, cantPP = PAGE_SIZE): Promise<ResultadoReporte> {
  return apiRequest<ResultadoReporte>(`${savedReportUrl(id)}/ejecutar`, { method: 'POST', body: { page, cantPP }, errorDialog: false });
}

/** One page of a saved layout's rows (the last page stays while the next one loads). */
export function useSavedReportRun(id: number, page: number) {
  return useSWR<ResultadoReporte>(savedRunKey(id, page), () => runSavedReport(id, page), { revalidateOnFocus: false, keepPreviousData: true });
}
