import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';
import type { ResultadoPendientes } from './types';

/** The population filter of 'Inscribir pendientes'. */
export interface PendingFilter {
  n2?: number | null;
  n3?: number | null;
  n4?: number | null;
  n5?: number | null;
  n6?: number | null;
  n7?: number | null;
  cve_planta?: number | null;
  cve_puesto?: number | null;
}

/** POST cursos/{cve_curso}/inscribir_pendientes: preview (`vista_previa`) or enrol. */
export function postEnrolPending(cveCurso: number, filter: PendingFilter, vistaPrevia: boolean): Promise<ResultadoPendientes> {
  return apiRequest<ResultadoPendientes>(`${courseUrl(cveCurso)}/inscribir_pendientes`, {
    method: 'POST',
    body: { ...filter, vista_previa: vistaPrevia },
    errorDialog: false,
  });
}
