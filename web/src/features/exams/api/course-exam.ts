import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { courseExamUrl } from './paths';
import type { EstadisticasExamen, ExamenConfig, ExamenCurso } from './types';

/** SWR key of a course's exam. */
export const courseExamKey = (cveCurso: number) => ['examenes.curso', cveCurso] as const;

/** GET cursos/{cve_curso}/examen. */
export function fetchCourseExam(cveCurso: number): Promise<ExamenCurso> {
  return apiRequest<ExamenCurso>(courseExamUrl(cveCurso), { errorDialog: false });
}

/** A course's exam (or, with existe=false, the defaults to generate one). */
export function useCourseExam(cveCurso: number) {
  return useSWR<ExamenCurso>(courseExamKey(cveCurso), () => fetchCourseExam(cveCurso), { revalidateOnFocus: false });
}

/** POST cursos/{cve_curso}/examen: generates the exam (state generado). */
export function postGenerateExam(cveCurso: number, config: Partial<ExamenConfig>): Promise<ExamenCurso> {
  return apiRequest<ExamenCurso>(courseExamUrl(cveCurso), { method: 'POST', body: config, errorDialog: false });
}

/** PUT cursos/{cve_curso}/examen: changes its configuration. */
export function putCourseExam(cveCurso: number, config: Partial<ExamenConfig>): Promise<ExamenCurso> {
  return apiRequest<ExamenCurso>(courseExamUrl(cveCurso), { method: 'PUT', body: config, errorDialog: false });
}

/** DELETE cursos/{cve_curso}/examen. */
export function deleteCourseExam(cveCurso: number): Promise<{ resp: string }> {
  return apiRequest<{ resp: string }>(courseExamUrl(cveCurso), { method: 'DELETE', errorDialog: false });
}

/** POST cursos/{cve_curso}/examen/asignar: to everyone enrolled (no list) or to the listed employees. */
export function postAssignExam(cveCurso: number, cveEmpleados?: number[]): Promise<ExamenCurso> {
  return apiRequest<ExamenCurso>(`${courseExamUrl(cveCurso)}/asignar`, {
    method: 'POST',
    body: cveEmpleados ? { cve_empleados: cveEmpleados } : {},
    errorDialog: false,
  });
}

/** POST cursos/{cve_curso}/examen/activar | desactivar: only the course's instructor. */
export function postExamActivation(cveCurso: number, active: boolean): Promise<ExamenCurso> {
  return apiRequest<ExamenCurso>(`${courseExamUrl(cveCurso)}/${active ? 'activar' : 'desactivar'}`, {
    method: 'POST',
    body: {},
    errorDialog: false,
  });
}

/** SWR key of a course exam's statistics. */
export const examStatsKey = (cveCurso: number) => ['examenes.estadisticas', cveCurso] as const;

/** GET cursos/{cve_curso}/examen/estadisticas. */
export function useExamStats(cveCurso: number | null) {
  return useSWR<EstadisticasExamen>(
    cveCurso ? examStatsKey(cveCurso) : null,
    () => apiRequest<EstadisticasExamen>(`${courseExamUrl(cveCurso as number)}/estadisticas`, { errorDialog: false }),
    { revalidateOnFocus: false },
  );
}

/** Table engine url of a course exam's attempts (POST, `excel: true` exports). */
export function examResultsTableUrl(cveCurso: number): string {
  return `${courseExamUrl(cveCurso)}/resultados/tabla`;
}
