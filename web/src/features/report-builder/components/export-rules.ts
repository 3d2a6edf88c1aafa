import type { Formato } from '../api/types';

/** Up to this many rows a report is exported at once; more are prepared in the background. */
export const DIRECT_EXPORT_MAX = 10_000;

/** How a report of `count` rows is exported: at once (the file comes back), or as a background job. */
export function exportMode(count: number): 'directo' | 'segundo_plano' {
  return count <= DIRECT_EXPORT_MAX ? 'directo' : 'segundo_plano';
}

/** The formats of the export menu, in its order. */
export const FORMATS: readonly Formato[] = ['xlsx', 'csv', 'pdf'];

/** Where one follows the background exports. */
export const MY_EXPORTS_PATH = '/menu/mis_exportaciones';
