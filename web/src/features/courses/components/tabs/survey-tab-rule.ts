import { getUser, hasSection } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';

/** Sections of the 'Encuesta' tab's two parts: its results and the survey it uses. */
export const SURVEY_RESULTS_SECTION = 'cursos.encuestas_resultados';
export const SCHEDULE_SECTION = 'cursos.programar';

/** The 'Encuesta' tab shows when the user may see the results or change the course's survey. */
export function showsSurveyTab(user: User | null = getUser()): boolean {
  return hasSection(user, SURVEY_RESULTS_SECTION) || hasSection(user, SCHEDULE_SECTION);
}
