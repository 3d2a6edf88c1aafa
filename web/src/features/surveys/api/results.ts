import { PRI, apiRequest } from '@/lib/api/client';
import type { ResultadosEncuesta } from '@/lib/api/shared/survey-results';
import type { ResultadosFiltro } from './types';

/** POST encuestas_cursos/resultados: results across the courses that match (an Instructor gets only theirs). */
export function postSurveyResults(filter: ResultadosFiltro): Promise<ResultadosEncuesta & { cursos: number }> {
  return apiRequest(`${PRI}/encuestas_cursos/resultados`, { method: 'POST', body: filter, errorDialog: false });
}
