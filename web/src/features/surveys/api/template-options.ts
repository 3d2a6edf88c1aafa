import useSWR from 'swr';
import type { TableResponse } from '@/components/data-table';
import { apiRequest } from '@/lib/api/client';
import { TEMPLATES_TABLE_URL } from './templates';
import type { EncuestaRow } from './types';

/** The templates for a filter (the first 100 by name, through the table engine). */
export async function fetchTemplateOptions(): Promise<{ value: string; label: string }[]> {
  const page = await apiRequest<TableResponse<EncuestaRow>>(TEMPLATES_TABLE_URL, {
    method: 'POST',
    body: { page: 1, cantPP: 100, order: 'nombre', ordertype: 'asc', columns_with_selects: [], filtersEXT: {} },
    errorDialog: false,
  });
  return (page?.result ?? []).map((row) => ({ value: String(row.id_encuesta), label: row.nombre }));
}

/** Template options for the results filter. */
export function useTemplateOptions() {
  return useSWR(['encuestas_cursos.opciones'], fetchTemplateOptions, { revalidateOnFocus: false });
}
