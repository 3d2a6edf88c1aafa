import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import type { Language } from '@/lib/i18n/languages';

/** Where an answer came from: `tipo` ayuda (a help text) | datos (one's own data) | ninguna. */
export type AssistantSource = Schema<'Fuente'>;
/** A button under an answer: a screen to open (`ruta`) or a question to ask (`pregunta`). */
export type AssistantChip = Schema<'Chip'>;
/** Another help text that matched. */
export type RelatedHelp = Schema<'Relacionada'>;

// Hand-written: the server's request and answer types are named Pregunta and Respuesta, like
// the exams' question and option, and the OpenAPI document keeps only one of each name (the
// exams'), so schema.d.ts types this call with the wrong shapes.

/** POST asistente/preguntar: a question, in the language the answer should come in. */
export interface AssistantQuestion {
  pregunta: string;
  idioma?: Language;
}

/** The assistant's answer. */
export interface AssistantAnswer {
  respuesta: string;
  /** Items the answer lists (topics, certificates). */
  elementos: string[];
  fuente: AssistantSource;
  chips: AssistantChip[];
  relacionadas: RelatedHelp[];
  /** The language answered in. */
  idioma: string;
}

/** Longest question the server takes (server/src/assistant: PREGUNTA_MAX). */
export const QUESTION_MAX = 300;

export const ASK_URL = `${PRI}/asistente/preguntar`;

/**
 * POST asistente/preguntar. The panel shows its own failure (no dialog); 403
 * `asistente.desactivado` while the company's chatbot is off.
 */
export function askAssistant(question: AssistantQuestion, signal?: AbortSignal): Promise<AssistantAnswer> {
  return apiRequest<AssistantAnswer>(ASK_URL, { method: 'POST', body: question, errorDialog: false, signal });
}
