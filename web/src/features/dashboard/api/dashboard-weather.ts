import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** GET ciudades/empleado/{cve_empleado}/clima: 0 degrees and no city ('') on any failure. */
export type Clima = Schema<'Clima'>;

export const weatherUrl = (cveEmpleado: number) => `${PRI}/ciudades/empleado/${cveEmpleado}/clima`;

/** The weather of one's plant's city; a failure is silent (no dialog, nothing shown). */
export function useWeather(cveEmpleado: number) {
  return useSWR<Clima>(weatherUrl(cveEmpleado), (url: string) => apiRequest<Clima>(url, { errorDialog: false }), {
    revalidateOnFocus: false,
  });
}
