import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

// Hand-written: these types mirror the server's surveys document (cursos/{cve_curso}/encuesta)
// until the generated client (web/src/lib/api/schema.d.ts) is regenerated with the surveys domain.

/** A question of a course's survey with the participant's answer (0 none, 1–4). */
export interface PreguntaCurso {
  id_pregunta: number;
  pregunta: string;
  respuesta1: string;
  respuesta2: string;
  respuesta3: string;
  respuesta4: string;
  selected: number;
}

/** GET cursos/{cve_curso}/encuesta. */
export interface CourseSurvey {
  id_encuesta: number;
  nombre: string;
  descripcion: string | null;
  contestada: boolean;
  preguntas: PreguntaCurso[];
}

/** SWR key of a course's survey for the participant. */
export const courseSurveyKey = (cveCurso: number) => ['cursos.encuesta', cveCurso] as const;

/** GET cursos/{cve_curso}/encuesta. */
export function fetchCourseSurvey(cveCurso: number): Promise<CourseSurvey> {
  return apiRequest<CourseSurvey>(`${PRI}/cursos/${cveCurso}/encuesta`, { errorDialog: false });
}

/** The survey of a course; `null` skips the request. */
export function useCourseSurvey(cveCurso: number | null) {
  return useSWR<CourseSurvey>(cveCurso ? courseSurveyKey(cveCurso) : null, () => fetchCourseSurvey(cveCurso as number), {
    revalidateOnFocus: false,
  });
}

/** POST cursos/{cve_curso}/encuesta: every question's answer (1–4), once. */
export function postCourseSurvey(cveCurso: number, respuestas: { id_pregunta: number; selected: number }[]): Promise<{ resp: string }> {
  return apiRequest<{ resp: string }>(`${PRI}/cursos/${cveCurso}/encuesta`, { method: 'POST', body: { respuestas }, errorDialog: false });
}
