import { PRI } from '@/lib/api/client';
import type { ExamTarget } from './types';

/** Root of a course exam's calls. */
export function courseExamUrl(cveCurso: number): string {
  return `${PRI}/cursos/${cveCurso}/examen`;
}

/** A topic's exam definition. */
export function topicExamUrl(cveTema: number): string {
  return `${PRI}/temas/${cveTema}/examen`;
}

/** Root of the grading queue. */
export const REVIEW_URL = `${PRI}/examenes/revision`;

/**
 * plan_capacitacion/consultar_plan_capacitacion/planeada/{cve_empleado}/presentar_examen/{cve_curso}:
 * a self-service exam has no course (path 0, `?cve_tema=`).
 */
export function takeExamUrl(target: ExamTarget): { path: string; query?: { cve_tema: number } } {
  const path = `${PRI}/plan_capacitacion/consultar_plan_capacitacion/planeada/${target.cve_empleado}/presentar_examen/${target.cve_curso ?? 0}`;
  return target.cve_curso == null ? { path, query: { cve_tema: target.cve_tema } } : { path };
}
