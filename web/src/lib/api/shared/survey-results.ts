import useSWR from 'swr';
import { PRI, apiRequest } from '../client';

// Hand-written: these mirror the server's surveys document (surveys and ratings API) until the
// generated client (web/src/lib/api/schema.d.ts) is regenerated with them.

/** One answer option of a survey question with how many chose it. */
export interface OpcionResultado {
  respuesta: string;
  cantidad: number;
  /** Of those who answered the question, one decimal. */
  porcentaje: number;
}

/** A survey's results: per question, its four options with counts and percentages. */
export interface ResultadoEncuesta {
  id_encuesta: number;
  nombre: string;
  preguntas: { id_pregunta: number; pregunta: string; opciones: OpcionResultado[] }[];
}

/** Results of course surveys (one course, or filtered across courses). */
export interface ResultadosEncuesta {
  /** Enrolled participants. */
  participantes: number;
  contestaron: number;
  encuestas: ResultadoEncuesta[];
  /** Courses counted (the filtered results only). */
  cursos?: number;
}

/** SWR key of a course's survey results. */
export const courseSurveyResultsKey = (cveCurso: number) => ['cursos.encuesta.resultados', cveCurso] as const;

/** GET cursos/{cve_curso}/encuesta/resultados. */
export function fetchCourseSurveyResults(cveCurso: number): Promise<ResultadosEncuesta> {
  return apiRequest<ResultadosEncuesta>(`${PRI}/cursos/${cveCurso}/encuesta/resultados`, { errorDialog: false });
}

/** A course's survey results; `null` skips the request. */
export function useCourseSurveyResults(cveCurso: number | null) {
  return useSWR<ResultadosEncuesta>(cveCurso ? courseSurveyResultsKey(cveCurso) : null, () => fetchCourseSurveyResults(cveCurso as number), {
    revalidateOnFocus: false,
  });
}
