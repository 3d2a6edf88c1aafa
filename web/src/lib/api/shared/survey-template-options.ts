import useSWR from 'swr';
import type { TableResponse } from '@/components/data-table';
import { PRI, apiRequest } from '../client';

/** The fields of a survey templates table row an option needs. */
interface TemplateRow {
  id_encuesta: number;
  nombre: string;
}

const TEMPLATES_TABLE_URL = `${PRI}/encuestas_cursos/tabla`;

/** The course survey templates as options (the first 100 by name, through the table engine). */
export async function fetchTemplateOptions(): Promise<{ value: string; label: string }[]> {
  const page = await apiRequest<TableResponse<TemplateRow>>(TEMPLATES_TABLE_URL, {
    method: 'POST',
    body: { page: 1, cantPP: 100, order: 'nombre', ordertype: 'asc', columns_with_selects: [], filtersEXT: {} },
    errorDialog: false,
  });
  return (page?.result ?? []).map((row) => ({ value: String(row.id_encuesta), label: row.nombre }));
}

/** Course survey template options (results filter, a course's survey); `enabled = false` skips the request. */
export function useTemplateOptions(enabled = true) {
  return useSWR(enabled ? ['encuestas_cursos.opciones'] : null, fetchTemplateOptions, { revalidateOnFocus: false });
}
