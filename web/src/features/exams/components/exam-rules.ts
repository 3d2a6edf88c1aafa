import type { Pregunta } from '../api/types';

/** One question's answer as the participant gives it: chosen option positions, or text. */
export interface Answer {
  seleccion: number[];
  texto: string;
}

/** Spec §5: several options are allowed when the type contains 'múltiples respuestas'. */
export function isMultiple(tipo: string): boolean {
  return tipo.toLocaleLowerCase('es').includes('múltiples respuestas');
}

/** An open question: no options, a text answer. */
export function isOpen(question: Pick<Pregunta, 'tipo_pregunta' | 'respuestas'>): boolean {
  return question.tipo_pregunta.toLocaleLowerCase('es').includes('abierta') || question.respuestas.length === 0;
}

/** The answers saved in the attempt (a reload returns them with the questions). */
export function savedAnswers(preguntas: Pregunta[]): Answer[] {
  return preguntas.map((q) => ({
    seleccion: q.respuestas.flatMap((r, i) => (r.selected ? [i] : [])),
    texto: q.respuesta ?? '',
  }));
}

/** Spec §5: answered = text non-empty, or at least one option chosen. */
export function isAnswered(question: Pregunta, answer: Answer | undefined): boolean {
  if (!answer) return false;
  return isOpen(question) ? answer.texto.trim() !== '' : answer.seleccion.length > 0;
}

/** Where a resumed attempt continues: the first unanswered question (the last when all are). */
export function resumePosition(preguntas: Pregunta[], answers: Answer[]): number {
  const first = preguntas.findIndex((q, i) => !isAnswered(q, answers[i]));
  return first === -1 ? Math.max(0, preguntas.length - 1) : first;
}

/** True when the attempt already has answers (a reload resumes it past the intro). */
export function hasProgress(preguntas: Pregunta[], answers: Answer[]): boolean {
  return preguntas.some((q, i) => isAnswered(q, answers[i]));
}

/** Picks an option: one for single-answer questions, toggled for multiple-answer ones. */
export function choose(question: Pregunta, current: number[], option: number, checked = true): number[] {
  if (!isMultiple(question.tipo_pregunta)) return [option];
  const without = current.filter((o) => o !== option);
  return checked ? [...without, option].sort((a, b) => a - b) : without;
}

/** The POST body: the GET's shape with `selected` and `respuesta` filled. */
export function handInPayload(preguntas: Pregunta[], answers: Answer[]): Pregunta[] {
  return preguntas.map((q, i) => {
    const a = answers[i] ?? { seleccion: [], texto: '' };
    return {
      ...q,
      respuesta: isOpen(q) ? a.texto : '',
      respuestas: q.respuestas.map((r, j) => ({ label: r.label, selected: a.seleccion.includes(j) })),
    };
  });
}

/** `m:ss` (or `h:mm:ss`) of a number of seconds. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Minutes announced to screen readers: changes only at minute marks. */
export function minutesLeft(seconds: number): number {
  return Math.ceil(Math.max(0, seconds) / 60);
}

/** A score the grading queue accepts: a number from 0 to 100. */
export function validScore(value: number | string): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;
}
