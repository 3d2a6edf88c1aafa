import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** What the course form needs of a room. */
export interface RoomDetail {
  cve_sala: number;
  cve_sede: number;
  nombre: string;
  capacidad: number;
}

/** What the course form needs of an instructor. */
export interface InstructorDetail {
  cve_instructor: number;
  nombre: string;
  interno: number | boolean;
}

const RESOURCES = `${PRI}/catalogos/recursos_capacitacion`;

/** GET catalogos/recursos_capacitacion/salas/{id}. */
export function fetchRoom(id: number): Promise<RoomDetail> {
  return apiRequest<RoomDetail>(`${RESOURCES}/salas/${id}`, { errorDialog: false });
}

/** The chosen room (its capacity caps the course's seats). */
export function useRoom(id: number | null) {
  return useSWR<RoomDetail>(id ? ['cursos.sala', id] : null, () => fetchRoom(id as number), { revalidateOnFocus: false });
}

/** GET catalogos/recursos_capacitacion/instructores/{id}. */
export function fetchInstructor(id: number): Promise<InstructorDetail> {
  return apiRequest<InstructorDetail>(`${RESOURCES}/instructores/${id}`, { errorDialog: false });
}

/** The chosen instructor (internal or external badge). */
export function useInstructor(id: number | null) {
  return useSWR<InstructorDetail>(id ? ['cursos.instructor', id] : null, () => fetchInstructor(id as number), { revalidateOnFocus: false });
}

/** GET catalogos/recursos_capacitacion/{tipo}/opciones. */
export function fetchResourceOptions(tipo: 'sedes' | 'salas' | 'instructores'): Promise<{ value: number; label: string }[]> {
  return apiRequest(`${RESOURCES}/${tipo}/opciones`, { errorDialog: false });
}

/** Active venues, rooms or instructors for a select. */
export function useResourceOptions(tipo: 'sedes' | 'salas' | 'instructores') {
  return useSWR(['cursos.recursos', tipo], () => fetchResourceOptions(tipo), { revalidateOnFocus: false });
}
