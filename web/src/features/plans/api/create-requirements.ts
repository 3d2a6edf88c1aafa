import { apiRequest } from '@/lib/api/client';
import { PROGRAMS } from './programs';

/** Answer of every alta call. */
export interface CreatedRequirements {
  resp: string;
  requerimientos: number[];
  empleados_alcanzados: number;
}

/** Common part of an alta body. */
export interface RequirementTerms {
  temas: number[];
  obligatoria: boolean;
  dias_limite?: number | null;
}

/** The formation-plan wizard's body. */
export interface FormationBody extends RequirementTerms {
  tipo_asignacion: 'puestos' | 'empleados';
  puestos: number[];
  empleados: number[];
}

/** Dry-run answer of the wizard's confirm step. */
export interface FormationCheck {
  resp: string;
  nuevos: number;
  duplicados: { id_requerimiento: number; tema: string; destino: string }[];
  empleados_alcanzados: number;
}

const clean = <T extends RequirementTerms>(body: T): T => {
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
export function postStructureRequirements(
  program: 'institucional' | 'especifica',
  body: RequirementTerms & { estructuras: number[] },
): Promise<CreatedRequirements> {
  const path = program === 'institucional' ? 'alta_requerimientos' : 'alta_requerimientos/por_estructuras';
  return apiRequest(`${PROGRAMS[program].prefix}/${path}`, { method: 'POST', body: clean(body), errorDialog: false });
}

/** POST plan_capacitacion/temas_empleados/alta_requerimientos. */
export function postEmployeeRequirements(body: RequirementTerms & { empleados: number[] }): Promise<CreatedRequirements> {
  return apiRequest(`${PROGRAMS.empleado.prefix}/alta_requerimientos`, { method: 'POST', body: clean(body), errorDialog: false });
}
