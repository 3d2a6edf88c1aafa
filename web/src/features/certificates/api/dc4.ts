import useSWR from 'swr';
import { PRI, apiDownload, apiRequest, type DownloadedFile } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** A company's DC-4 list for a plan year, with its employer data. */
export type ListaDc4 = Schema<'ListaDc4'>;
/** One line of the DC-4: a worker's constancia for a course. */
export type LineaDc4 = Schema<'LineaDc4'>;

/** Where the DC-4 is asked for (`?cve_n4=&anio=&formato=json|pdf|xlsx`). */
export const DC4_URL = `${PRI}/certificados/dc4`;

/** SWR key of one company's DC-4 for a year. */
export const dc4Key = (cveN4: number, anio: number) => ['certificados.dc4', cveN4, anio] as const;

/** GET certificados/dc4?formato=json: the list shown on screen. */
export function fetchDc4(cveN4: number, anio: number): Promise<ListaDc4> {
  return apiRequest<ListaDc4>(DC4_URL, { query: { cve_n4: cveN4, anio, formato: 'json' }, errorDialog: false });
}

/** A company's DC-4; `null` (no company chosen) asks nothing. */
export function useDc4(cveN4: number | null, anio: number) {
  return useSWR<ListaDc4>(cveN4 === null ? null : dc4Key(cveN4, anio), () => fetchDc4(cveN4 as number, anio), {
    revalidateOnFocus: false,
  });
}

/** The DC-4 as a file to file with the STPS (through the API client: the bearer header). */
export function downloadDc4(cveN4: number, anio: number, formato: 'pdf' | 'xlsx'): Promise<DownloadedFile> {
  return apiDownload(DC4_URL, { query: { cve_n4: cveN4, anio, formato }, errorDialog: false });
}
