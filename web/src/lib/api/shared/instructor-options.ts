import useSWR from 'swr';
import { PRI, apiRequest } from '../client';

/** GET catalogos/recursos_capacitacion/instructores/opciones: active instructors `{value: cve_instructor, label}`. */
export function fetchInstructorOptions(): Promise<{ value: number; label: string }[]> {
  return apiRequest(`${PRI}/catalogos/recursos_capacitacion/instructores/opciones`, { errorDialog: false });
}

/** Active instructors for a select; `enabled = false` skips the request. */
export function useInstructorOptions(enabled = true) {
  return useSWR(enabled ? ['catalogos.instructores.opciones'] : null, fetchInstructorOptions, { revalidateOnFocus: false });
}
