import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import type { TableResponse } from '@/components/data-table';
import { participantsTableUrl } from './participants-table';
import type { ParticipanteFila } from './types';

/** Every participant of a course in one page of the table engine (grades form). */
export async function fetchAllParticipants(cveCurso: number): Promise<ParticipanteFila[]> {
  const answer = await apiRequest<TableResponse<ParticipanteFila>>(participantsTableUrl(cveCurso), {
    method: 'POST',
    body: { page: 1, cantPP: 1000, columns_with_selects: [], order: 'nombre_empleado', ordertype: 'asc', filtersEXT: {} },
    errorDialog: false,
  });
  return answer.result;
}

/** A course's participants with their grades. */
export function useAllParticipants(cveCurso: number) {
  return useSWR<ParticipanteFila[]>(['cursos.participantes', cveCurso], () => fetchAllParticipants(cveCurso), { revalidateOnFocus: false });
}
