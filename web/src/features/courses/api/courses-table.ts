import { CURSOS } from './paths';

/** Table engine url of the course list (POST, see components/data-table). */
export const COURSES_TABLE_URL = `${CURSOS}/tabla`;

/** Table engine url of the EPV course list. */
export const EPV_COURSES_TABLE_URL = `${CURSOS}/epv/tabla`;
