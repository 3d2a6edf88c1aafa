import { apiRequest } from '@/lib/api/client';
import { courseUrl } from './paths';

/** POST cursos/{cve_curso}/enviar_correo `{asunto, mensaje}`. */
export function postCourseMail(cveCurso: number, asunto: string, mensaje: string): Promise<{ resp: string; enviados: number }> {
  return apiRequest(`${courseUrl(cveCurso)}/enviar_correo`, { method: 'POST', body: { asunto, mensaje }, errorDialog: false });
}
