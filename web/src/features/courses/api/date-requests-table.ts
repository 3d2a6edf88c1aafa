import { CURSOS } from './paths';

/** Table engine url of the course-date requests. */
export const DATE_REQUESTS_TABLE_URL = `${CURSOS}/solicitudes_curso/tabla`;
