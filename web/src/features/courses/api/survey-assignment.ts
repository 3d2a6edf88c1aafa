import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

// Hand-written: mirrors the server's surveys document (cursos/{cve_curso}/encuesta/asignacion)
// until the generated client is regenerated with the surveys domain.

/** The survey a course uses: its own override ('curso'), its topic's ('tema') or none. */
export interface AsignacionEncuesta {
  id_encuesta: number | null;
  origen: 'curso' | 'tema' | null;
  nombre: string | null;
}

/** SWR key of a course's survey assignment. */
export const surveyAssignmentKey = (cveCurso: number) => ['cursos.encuesta.asignacion', cveCurso] as const;

/** GET cursos/{cve_curso}/encuesta/asignacion. */
export function fetchSurveyAssignment(cveCurso: number): Promise<AsignacionEncuesta> {
  return apiRequest<AsignacionEncuesta>(`${PRI}/cursos/${cveCurso}/encuesta/asignacion`, { errorDialog: false });
}

/** A course's survey assignment; `null` skips the request. */
export function useSurveyAssignment(cveCurso: number | null) {
  return useSWR<AsignacionEncuesta>(cveCurso ? surveyAssignmentKey(cveCurso) : null, () => fetchSurveyAssignment(cveCurso as number), {
    revalidateOnFocus: false,
  });
}

/** PUT cursos/{cve_curso}/encuesta/asignacion `{id_encuesta}` (null: back to the topic's). */
export function putSurveyAssignment(cveCurso: number, idEncuesta: number | null): Promise<AsignacionEncuesta> {
  return apiRequest<AsignacionEncuesta>(`${PRI}/cursos/${cveCurso}/encuesta/asignacion`, {
    method: 'PUT',
    body: { id_encuesta: idEncuesta },
    errorDialog: false,
  });
}
