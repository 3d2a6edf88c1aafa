import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { REPORTES } from './paths';
import type { OpcionesReporte } from './types';

/** SWR key of the report filters' options (one per session). */
export const REPORT_OPTIONS_KEY = 'reportes.opciones';

/** GET reportes/opciones: structure nodes, plants, positions, topics, groups, blocks and the fixed lists. */
export function fetchReportOptions(): Promise<OpcionesReporte> {
  return apiRequest<OpcionesReporte>(`${REPORTES}/opciones`, { errorDialog: false });
}

/** The report filters' options. */
export function useReportOptions() {
  return useSWR<OpcionesReporte>(REPORT_OPTIONS_KEY, fetchReportOptions, { revalidateOnFocus: false });
}
