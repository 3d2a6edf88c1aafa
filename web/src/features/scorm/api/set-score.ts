import { apiRequest } from '@/lib/api/client';
import { SET_SCORE_URL } from './paths';
import type { PuntajeTema } from './types';

/** POST cursos/setPuntajeTema (form: nombre_usuario, cve_tema): the best SCORM result into the plan's ledger. */
export function postSetScore(cveEmpleado: number, cveTema: number): Promise<PuntajeTema> {
  const body = new URLSearchParams({ nombre_usuario: String(cveEmpleado), cve_tema: String(cveTema) });
  return apiRequest<PuntajeTema>(SET_SCORE_URL, { method: 'POST', body, errorDialog: false });
}
