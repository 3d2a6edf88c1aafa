import type { PlannedTopic } from '../../api/plan-pending';

/** The surveys fields of a planned topic (not yet in the generated type). */
export type SurveyTopic = Pick<PlannedTopic, 'cve_tema' | 'nombre' | 'estado' | 'cve_curso'> & {
  /** The course of the topic has a survey the employee can answer now and has not. */
  encuesta_pendiente?: boolean | null;
  /** The employee's own rating of the topic (0.5–5), null when not rated. */
  mi_rating?: number | null;
};

/** The 'Encuesta' button: the server says the survey is pending and the topic has its course. */
export function showsSurveyButton(topic: SurveyTopic): boolean {
  return topic.encuesta_pendiente === true && topic.cve_curso != null && topic.cve_curso > 0;
}

/** The rating stars: on accredited topics of the employee's own plan (spec §9). */
export function showsRating(topic: SurveyTopic): boolean {
  return topic.estado === 'Acreditado';
}

/** A rating the server accepts: 0.5 to 5 in half steps. */
export function isValidRating(value: number): boolean {
  return value >= 0.5 && value <= 5 && Number.isInteger(value * 2);
}
