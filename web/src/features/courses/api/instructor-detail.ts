import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** What the course form needs of an instructor. */
export interface InstructorDetail {
  cve_instructor: number;
  nombre: string;
  interno: number | boolean;
}

const RESOURCES = `${PRI}/catalogos/recursos_capacitacion`;

/** GET catalogos/recursos_capacitacion/instructores/{id}. */
export function fetchInstructor(id: number): Promise<InstructorDetail> {
  return apiRequest<InstructorDetail>(`${RESOURCES}/instructores/${id}`, { errorDialog: false });
}

/** The chosen instructor (internal or external badge). */
export function useInstructor(id: number | null) {
  return useSWR<InstructorDetail>(id ? ['cursos.instructor', id] : null, () => fetchInstructor(id as number), { revalidateOnFocus: false });
}
