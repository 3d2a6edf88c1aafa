import { apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { PROGRAMS } from './programs';

/** Body of POST …/plan_formacion/baja_requerimientos. */
export type DisableRequirementsBody = Schema<'BajaRequerimientosBody'>;

/** POST plan_capacitacion/plan_formacion/baja_requerimientos `{requerimientos, motivo?}`. */
export function postDisableRequirements(requerimientos: number[], motivo: string): Promise<Schema<'BajaResp'>> {
  const body: DisableRequirementsBody = motivo.trim() ? { requerimientos, motivo: motivo.trim() } : { requerimientos };
  return apiRequest(`${PROGRAMS.formacion.prefix}/baja_requerimientos`, { method: 'POST', body, errorDialog: false });
}
