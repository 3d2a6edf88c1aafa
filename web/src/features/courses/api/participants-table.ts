import { courseUrl } from './paths';

/** Table engine url of a course's participants. */
export function participantsTableUrl(cveCurso: number): string {
  return `${courseUrl(cveCurso)}/participantes/tabla`;
}
