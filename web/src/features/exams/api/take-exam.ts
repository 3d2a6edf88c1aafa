import { apiRequest } from '@/lib/api/client';
import { takeExamUrl } from './paths';
import type { ExamTarget, ExamenParticipante, Pregunta, RespuestaGuardada, RespuestaGuardar, ResultadoExamen } from './types';

/** GET …/presentar_examen: the first call starts the attempt; later ones return it with its saved answers. */
export function fetchExam(target: ExamTarget): Promise<ExamenParticipante> {
  const { path, query } = takeExamUrl(target);
  return apiRequest<ExamenParticipante>(path, { query, errorDialog: false });
}

/** PUT …/presentar_examen/…/respuesta: autosave of one answer. */
export function putExamAnswer(target: ExamTarget, body: RespuestaGuardar): Promise<RespuestaGuardada> {
  const { path, query } = takeExamUrl(target);
  return apiRequest<RespuestaGuardada>(`${path}/respuesta`, { method: 'PUT', query, body, errorDialog: false });
}

/** POST …/presentar_examen: hands the attempt in; the server grades it. */
export function postExam(target: ExamTarget, preguntas: Pregunta[]): Promise<ResultadoExamen> {
  const { path, query } = takeExamUrl(target);
  return apiRequest<ResultadoExamen>(path, { method: 'POST', query, body: { preguntas }, errorDialog: false });
}
