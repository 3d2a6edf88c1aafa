import { apiRequest } from '@/lib/api/client';
import { PROGRAMS } from './programs';

/** POST plan_capacitacion/plan_formacion/baja_requerimientos `{requerimientos, motivo?}`. */
export function postDisableRequirements(requerimientos: number[], motivo: string): Promise<{ resp: string; deshabilitados: number }> {
  return apiRequest(`${PROGRAMS.formacion.prefix}/baja_requerimientos`, {
    method: 'POST',
    body: motivo.trim() ? { requerimientos, motivo: motivo.trim() } : { requerimientos },
    errorDialog: false,
  });
}
