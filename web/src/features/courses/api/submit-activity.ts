import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';
import type { Respuesta } from './types';

/** What a participant hands in: text within the limit, a file, or an http(s) link. */
export type ActivitySubmission = { texto: string } | { archivo: File } | { enlace: string };

/** POST cursos/actividades/{id_actividad_curso}/entrega (multipart). */
export function postActivitySubmission(idActividad: number, entrega: ActivitySubmission): Promise<Respuesta> {
  const body = new FormData();
  if ('texto' in entrega) body.append('texto', entrega.texto);
  else if ('archivo' in entrega) body.append('archivo', entrega.archivo);
  else body.append('enlace', entrega.enlace);
  return apiRequest<Respuesta>(`${CURSOS}/actividades/${idActividad}/entrega`, { method: 'POST', body, errorDialog: false });
}
