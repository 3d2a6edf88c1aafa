import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { Language } from '@/lib/i18n/languages';
import { QUESTION_MAX, askAssistant, type AssistantAnswer } from '../api/ask-assistant';

/** One bubble of the conversation. */
export type Message =
  | { id: number; from: 'user'; text: string }
  /** `welcome`: the answer to the greeting the panel sends by itself when first opened. */
  | { id: number; from: 'assistant'; answer: AssistantAnswer; welcome: boolean };

/** The last question went unanswered. */
export interface Failure {
  question: string;
  welcome: boolean;
  message: string;
  /** The server's error code, when it answered with one. */
  code?: string;
  /** False when asking again cannot help (the company turned the assistant off). */
  canRetry: boolean;
}

export interface Conversation {
  messages: Message[];
  /** A question is on its way: one at a time. */
  waiting: boolean;
  failure: Failure | null;
  /** Asks a question (shown as the user's bubble); false when empty or while waiting. */
  ask: (question: string) => boolean;
  /** The greeting, whose answer (chips included) comes from the server, without a user bubble. */
  greet: (greeting: string) => void;
  /** Asks the unanswered question again. */
  retry: () => void;
  /** Drops the question on its way (the panel is gone). */
  abort: () => void;
}

export const DISABLED_CODE = 'asistente.desactivado';

/**
 * The conversation with the help assistant: the bubbles, the question on its way and the
 * last failure. Questions go in `language`; the server answers in it.
 */
export function useConversation(language: Language): Conversation {
  const [messages, setMessages] = useState<Message[]>([]);
  const [waiting, setWaiting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const nextId = useRef(0);
  const inFlight = useRef<AbortController | null>(null);

  const send = useCallback(
    (raw: string, { welcome, echo }: { welcome: boolean; echo: boolean }): boolean => {
      const question = raw.trim().slice(0, QUESTION_MAX);
      if (!question || inFlight.current) return false;
      const controller = new AbortController();
      inFlight.current = controller;
      if (echo) setMessages((list) => [...list, { id: nextId.current++, from: 'user', text: question }]);
      setFailure(null);
      setWaiting(true);
      askAssistant({ pregunta: question, idioma: language }, controller.signal)
        .then((answer) => {
          if (controller.signal.aborted) return;
          setMessages((list) => [...list, { id: nextId.current++, from: 'assistant', answer, welcome }]);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const code = error instanceof ApiError ? error.code : undefined;
          setFailure({ question, welcome, message: errorMessage(error), code, canRetry: code !== DISABLED_CODE });
        })
        .finally(() => {
          if (inFlight.current !== controller) return;
          inFlight.current = null;
          setWaiting(false);
        });
      return true;
    },
    [language],
  );

  const abort = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    setWaiting(false);
  }, []);

  useEffect(() => abort, [abort]);

  return {
    messages,
    waiting,
    failure,
    ask: useCallback((question: string) => send(question, { welcome: false, echo: true }), [send]),
    greet: useCallback((greeting: string) => void send(greeting, { welcome: true, echo: false }), [send]),
    retry: useCallback(() => {
      if (failure) send(failure.question, { welcome: failure.welcome, echo: false });
    }, [failure, send]),
    abort,
  };
}
