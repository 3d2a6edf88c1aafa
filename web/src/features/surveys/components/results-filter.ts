import type { ResultadosFiltro } from '../api/types';

/** The filters of the results view (Select values are strings). */
export interface ResultsFilters {
  instructor: string | null;
  tema: string | null;
  encuesta: string | null;
  desde: string;
  hasta: string;
}

export const EMPTY_FILTERS: ResultsFilters = { instructor: null, tema: null, encuesta: null, desde: '', hasta: '' };

/** The body of encuestas_cursos/resultados from the filters in use. */
export function resultsFilter(f: ResultsFilters): ResultadosFiltro {
  const body: ResultadosFiltro = {};
  if (f.instructor) body.cve_instructor = Number(f.instructor);
  if (f.tema) body.cve_tema = Number(f.tema);
  if (f.encuesta) body.id_encuesta = Number(f.encuesta);
  if (f.desde) body.desde = f.desde;
  if (f.hasta) body.hasta = f.hasta;
  return body;
}

