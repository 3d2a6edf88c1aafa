import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { ResultadoInscripcion } from './types';

/** POST cursos/{cve_curso}/inscribir `{empleados, lista_espera}`. */
export function postEnrol(cveCurso: number, empleados: number[], listaEspera: boolean): Promise<ResultadoInscripcion> {
  return apiRequest<ResultadoInscripcion>(`${courseUrl(cveCurso)}/inscribir`, {
    method: 'POST',
    body: { empleados, lista_espera: listaEspera },
    errorDialog: false,
  });
}
