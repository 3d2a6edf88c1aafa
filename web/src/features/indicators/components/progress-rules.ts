import type { Avance } from '../api/types';

/** The columns a progress table sorts by. */
export const SORTABLE = ['nombre', 'detalle', 'temas', 'audiencia', 'acreditados', 'pendientes', 'vencidos', 'completos', 'porcentaje'] as const;
export type SortColumn = (typeof SORTABLE)[number];
export type SortDirection = 'asc' | 'desc';

export interface Sort {
  column: SortColumn;
  direction: SortDirection;
}

/** Text columns start A→Z; figures start with the largest. */
export const firstDirection = (column: SortColumn): SortDirection => (column === 'nombre' || column === 'detalle' ? 'asc' : 'desc');

/** The next sort after a click on a column's heading: the same column turns around. */
export function nextSort(current: Sort, column: SortColumn): Sort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: firstDirection(column) };
}

/** The rows sorted (a copy); ties keep the name order. */
export function sortRows(rows: readonly Avance[], { column, direction }: Sort, language = 'es'): Avance[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const av = a[column];
    const bv = b[column];
    const primary = typeof av === 'number' && typeof bv === 'number' ? av - bv : collator.compare(String(av), String(bv));
    return primary * sign || collator.compare(a.nombre, b.nombre) || a.id - b.id;
  });
}

/** The totals of the summary: audience (summed over the rows), pairs required and accredited, and their percentage. */
export function summaryOf(rows: readonly Avance[]): { audiencia: number; requeridos: number; acreditados: number; porcentaje: number } {
  const audiencia = rows.reduce((s, r) => s + r.audiencia, 0);
  const requeridos = rows.reduce((s, r) => s + r.requeridos, 0);
  const acreditados = rows.reduce((s, r) => s + r.acreditados, 0);
  // One decimal, as the server rounds each row's.
  const porcentaje = requeridos === 0 ? 0 : Math.round((acreditados * 1000) / requeridos) / 10;
  return { audiencia, requeridos, acreditados, porcentaje };
}

/** The ten rows with the largest audience (ties by name). */
export function topByAudience(rows: readonly Avance[], language = 'es', count = 10): Avance[] {
  return sortRows(rows, { column: 'audiencia', direction: 'desc' }, language)
    .filter((r) => r.audiencia > 0)
    .slice(0, count);
}
