import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

const RESOURCES = `${PRI}/catalogos/recursos_capacitacion`;

/** GET catalogos/recursos_capacitacion/{tipo}/opciones. */
export function fetchResourceOptions(tipo: 'sedes' | 'salas' | 'instructores'): Promise<{ value: number; label: string }[]> {
  return apiRequest(`${RESOURCES}/${tipo}/opciones`, { errorDialog: false });
}

/** Active venues, rooms or instructors for a select. */
export function useResourceOptions(tipo: 'sedes' | 'salas' | 'instructores') {
  return useSWR(['cursos.recursos', tipo], () => fetchResourceOptions(tipo), { revalidateOnFocus: false });
}
