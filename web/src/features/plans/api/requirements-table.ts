import { PROGRAMS, type Program } from './programs';

/** Table engine url of a family's requirements (POST). */
export function requirementsTableUrl(program: Program): string {
  // Block assignments have their own table path (plan §4.4).
  if (program === 'bloque') return `${PROGRAMS.bloque.prefix}/tabla`;
  return `${PROGRAMS[program].prefix}/consulta_requerimientos/tabla`;
}

/** One row of a requirements table (plan §4.4 `Requerimiento`). */
export interface RequirementRow {
  id_requerimiento: number;
  abreviatura: string | null;
  nombre_tema: string | null;
  nombre_bloque: string | null;
  /** estructura | puesto | planta | empleado */
  destino_tipo: string;
  destino_nivel: number | null;
  destino_nombre: string | null;
  /** SI / NO */
  obligatoria: string;
  dias_limite: number | null;
  /** SI / NO */
  habilitado: string;
  alcanzados: number | null;
  creado: string | null;
  creado_por: string | null;
}

/** The view filter of the consult tables (`filtersEXT.habilitado`). */
export type RequirementView = 'habilitados' | 'deshabilitados' | 'todos';

/** filtersEXT for a view. */
export function requirementFilters(view: RequirementView): Record<string, unknown> {
  if (view === 'todos') return {};
  return { habilitado: view === 'habilitados' ? 1 : 0 };
}
