import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { PAGE_SIZES, type TableResponse } from '@/components/data-table';
import { participantsTableUrl } from './participants-table';
import type { ParticipanteFila } from './types';

/** The largest page the table engine serves (it refuses any size outside PAGE_SIZES). */
const PAGE = Math.max(...PAGE_SIZES);

/** Every participant of a course (grades form): the table engine's pages, 100 rows each. */
export async function fetchAllParticipants(cveCurso: number): Promise<ParticipanteFila[]> {
  const rows: ParticipanteFila[] = [];
  for (let page = 1; ; page++) {
    const answer = await apiRequest<TableResponse<ParticipanteFila>>(participantsTableUrl(cveCurso), {
      method: 'POST',
      body: { page, cantPP: PAGE, columns_with_selects: [], order: 'nombre_empleado', ordertype: 'asc', filtersEXT: {} },
      errorDialog: false,
    });
    rows.push(...answer.result);
    const last = Math.max(answer.pages?.ultima_page ?? 1, answer.pages?.pages ?? 1);
    if (page >= last || answer.result.length < PAGE) return rows;
  }
}

/** A course's participants with their grades. */
export function useAllParticipants(cveCurso: number) {
  return useSWR<ParticipanteFila[]>(['cursos.participantes', cveCurso], () => fetchAllParticipants(cveCurso), { revalidateOnFocus: false });
}
