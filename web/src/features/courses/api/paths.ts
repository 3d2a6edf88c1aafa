import { PRI } from '@/lib/api/client';

/** Root of the courses calls. */
export const CURSOS = `${PRI}/cursos`;

/** Root of one course's calls. */
export function courseUrl(cveCurso: number): string {
  return `${CURSOS}/${cveCurso}`;
}
