import type { Schema } from '@/lib/api/schema';
import { PROGRAMS, type Program } from './programs';

/** Table engine url of a family's requirements (POST). */
export function requirementsTableUrl(program: Program): string {
  // Block assignments have their own table path (plan §4.4).
  if (program === 'bloque') return `${PROGRAMS.bloque.prefix}/tabla`;
  return `${PROGRAMS[program].prefix}/consulta_requerimientos/tabla`;
}

/**
 * One row of a requirements table (plan §4.4 `Requerimiento`). The table engine's rows are
 * untyped in the document (`TablePage.result`), but the server builds them with the same
 * fields as `Requerimiento` (what PUT …/requerimientos/{id} and …/historial answer).
 */
export type RequirementRow = Schema<'Requerimiento'>;

/** The view filter of the consult tables (`filtersEXT.habilitado`). */
export type RequirementView = 'habilitados' | 'deshabilitados' | 'todos';

/** filtersEXT for a view. */
export function requirementFilters(view: RequirementView): Record<string, unknown> {
  if (view === 'todos') return {};
  return { habilitado: view === 'habilitados' ? 1 : 0 };
}
