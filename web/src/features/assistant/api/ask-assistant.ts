import { PRI, apiRequest } from '@/lib/api/client';
import { LIMITS } from '@/lib/api/limits';
import type { Schema } from '@/lib/api/schema';
import type { Language } from '@/lib/i18n/languages';

/** Where an answer came from: `tipo` ayuda (a help text) | datos (one's own data) | ninguna. */
export type AssistantSource = Schema<'Fuente'>;
/** A button under an answer: a screen to open (`ruta`) or a question to ask (`pregunta`). */
export type AssistantChip = Schema<'Chip'>;
/** Another help text that matched. */
export type RelatedHelp = Schema<'Relacionada'>;

/** POST asistente/preguntar: a question, in the language the answer should come in. */
export type AssistantQuestion = Omit<Schema<'PreguntaAsistente'>, 'idioma'> & { idioma?: Language };

/** The assistant's answer. */
export type AssistantAnswer = Schema<'RespuestaAsistente'>;

/** Longest question the server takes (its published limit). */
export const QUESTION_MAX = LIMITS.PreguntaAsistente.pregunta.maxLength;

export const ASK_URL = `${PRI}/asistente/preguntar`;

/**
 * POST asistente/preguntar. The panel shows its own failure (no dialog); 403
 * `asistente.desactivado` while the company's chatbot is off.
 */
export function askAssistant(question: AssistantQuestion, signal?: AbortSignal): Promise<AssistantAnswer> {
  return apiRequest<AssistantAnswer>(ASK_URL, { method: 'POST', body: question, errorDialog: false, signal });
}
