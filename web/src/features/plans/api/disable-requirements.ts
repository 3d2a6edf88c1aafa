import { apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { PROGRAMS } from './programs';

/**
 * Body of POST …/plan_formacion/baja_requerimientos. Hand-typed: the document's `BajaBody`
 * is the employees' `{baja_logica}` (two Rust types named `BajaBody` collide under one schema
 * name), not this route's `{requerimientos, motivo?}`.
 */
export interface DisableRequirementsBody {
  requerimientos: number[];
  motivo?: string | null;
}

/** POST plan_capacitacion/plan_formacion/baja_requerimientos `{requerimientos, motivo?}`. */
export function postDisableRequirements(requerimientos: number[], motivo: string): Promise<Schema<'BajaResp'>> {
  const body: DisableRequirementsBody = motivo.trim() ? { requerimientos, motivo: motivo.trim() } : { requerimientos };
  return apiRequest(`${PROGRAMS.formacion.prefix}/baja_requerimientos`, { method: 'POST', body, errorDialog: false });
}
