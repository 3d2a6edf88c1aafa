import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';

/** POST cursos/inscripciones/{cve_inscripcion_ai}/cancelar `{motivo?}`. */
export function postCancelEnrolment(cveInscripcion: number, motivo?: string): Promise<{ resp: string; promovido?: number | null }> {
  return apiRequest(`${CURSOS}/inscripciones/${cveInscripcion}/cancelar`, {
    method: 'POST',
    body: motivo ? { motivo } : {},
    errorDialog: false,
  });
}
