import { apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { PROGRAMS } from './programs';

/** Answer of every alta call. */
export type CreatedRequirements = Schema<'AltaResp'>;

/** The formation-plan wizard's body. */
export type FormationBody = Schema<'FormacionBody'>;

/** Body of the institutional and the specific (por estructuras) altas. */
export type StructuresBody = Schema<'EstructurasBody'>;

/** Body of the employees' topics alta. */
export type EmployeesBody = Schema<'EmpleadosBody'>;

/** Dry-run answer of the wizard's confirm step. */
export type FormationCheck = Schema<'ValidarResp'>;

const clean = <T extends { dias_limite?: number | null }>(body: T): T => {
  const out = { ...body };
  if (out.dias_limite == null) delete out.dias_limite;
  return out;
};

/** POST plan_capacitacion/plan_formacion/alta_requerimientos/validar (no writes). */
export function postValidateFormation(body: FormationBody): Promise<FormationCheck> {
  return apiRequest(`${PROGRAMS.formacion.prefix}/alta_requerimientos/validar`, { method: 'POST', body: clean(body), errorDialog: false });
}

/** POST plan_capacitacion/plan_formacion/alta_requerimientos. */
export function postFormation(body: FormationBody): Promise<CreatedRequirements> {
  return apiRequest(`${PROGRAMS.formacion.prefix}/alta_requerimientos`, { method: 'POST', body: clean(body), errorDialog: false });
}

/** POST …capacitacion_institucional/alta_requerimientos or …capacitacion_especifica/alta_requerimientos/por_estructuras. */
export function postStructureRequirements(program: 'institucional' | 'especifica', body: StructuresBody): Promise<CreatedRequirements> {
  const path = program === 'institucional' ? 'alta_requerimientos' : 'alta_requerimientos/por_estructuras';
  return apiRequest(`${PROGRAMS[program].prefix}/${path}`, { method: 'POST', body: clean(body), errorDialog: false });
}

/** POST plan_capacitacion/temas_empleados/alta_requerimientos. */
export function postEmployeeRequirements(body: EmployeesBody): Promise<CreatedRequirements> {
  return apiRequest(`${PROGRAMS.empleado.prefix}/alta_requerimientos`, { method: 'POST', body: clean(body), errorDialog: false });
}
