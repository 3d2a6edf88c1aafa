import { PRI } from '@/lib/api/client';

/** A topic's package: GET, POST (upload), PUT (attempts), DELETE. */
export function topicPackageUrl(cveTema: number): string {
  return `${PRI}/catalogos/temas/${cveTema}/scorm`;
}

/** The spec's launch call (the name keeps the spec's spelling). */
export const LAUNCH_URL = `${PRI}/plan_capacitacion/plan_formacion/alta_requerimientos/por_puestos/AltaScromUsuario`;

/** Re-applies the learner's best SCORM result to the plan's ledger. */
export const SET_SCORE_URL = `${PRI}/cursos/setPuntajeTema`;

/** The packages of the company (the progress screen's topic filter). */
export const PACKAGES_URL = `${PRI}/scorm/paquetes`;

/** Table engine url of the learners' progress. */
export const PROGRESS_TABLE_URL = `${PRI}/scorm/avance/tabla`;
