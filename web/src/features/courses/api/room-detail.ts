import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** What the course form needs of a room. */
export interface RoomDetail {
  cve_sala: number;
  cve_sede: number;
  nombre: string;
  capacidad: number;
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
