import type { PreguntaDashboard } from '../api/dashboard-survey';

/** The four options of a question with their counts (null until answered / for the Contratista). */
export function surveyOptions(q: PreguntaDashboard): { value: number; text: string; count: number | null }[] {
  return [
    { value: 1, text: q.respuesta1, count: q.respuesta1_cantidad },
    { value: 2, text: q.respuesta2, count: q.respuesta2_cantidad },
    { value: 3, text: q.respuesta3, count: q.respuesta3_cantidad },
    { value: 4, text: q.respuesta4, count: q.respuesta4_cantidad },
  ];
}

/** The Contratista profile (spec §6: sees a thank-you text instead of the survey chart). */
export const CONTRATISTA_PROFILE = 4;

/** Profile 4 (the Contratista): the supplier view with the external certifications (spec §2, §6). */
export const SUPPLIER_PROFILE = CONTRATISTA_PROFILE;

/** Participante (8) and Instructor (5, a participant with a plan too): the training tabs (spec §2). */
export const PARTICIPANT_VIEW_PROFILES: readonly number[] = [5, 8];

/** Profiles whose dashboard is the admin-style view, without the survey (spec §6). */
export const ADMIN_VIEW_PROFILES: readonly number[] = [1, 2, 3];
