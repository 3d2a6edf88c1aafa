import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { PAGE_SIZE, REPORTES } from './paths';
import type { DefinicionReporte, ResultadoReporte } from './types';

/** SWR key of one page of a layout's preview. */
export const definitionRunKey = (definicion: DefinicionReporte, page: number) => ['reportes.ejecutar', JSON.stringify(definicion), page] as const;

/** POST reportes/ejecutar: one page of an unsaved layout's rows and its grand totals. */
export function runDefinition(definicion: DefinicionReporte, page: number, cantPP = PAGE_SIZE): Promise<ResultadoReporte> {
  return apiRequest<ResultadoReporte>(`${REPORTES}/ejecutar`, { method: 'POST', body: { definicion, page, cantPP }, errorDialog: false });
}

/**
 * The preview of a layout (nothing while there is none to run). The last page stays on
 * screen while the next one loads, so that the table does not jump at each change.
 */
export function useDefinitionRun(definicion: DefinicionReporte | null, page: number) {
  return useSWR<ResultadoReporte>(definicion ? definitionRunKey(definicion, page) : null, () => runDefinition(definicion as DefinicionReporte, page), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
