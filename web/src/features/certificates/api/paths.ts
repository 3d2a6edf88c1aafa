import { PRI } from '@/lib/api/client';

/** Root of the DC-3 follow-up calls. */
export const FOLLOW_UP_URL = `${PRI}/certificados/dc3/seguimiento`;

/** One course's DC-3 follow-up. */
export function courseFollowUpUrl(cveCurso: number): string {
  return `${FOLLOW_UP_URL}/${cveCurso}`;
}

/** E-mails a course's pending DC-3s. */
export function sendCourseDc3Url(cveCurso: number): string {
  return `${PRI}/certificados/dc3/${cveCurso}/enviar`;
}
