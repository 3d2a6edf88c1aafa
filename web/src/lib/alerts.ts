import { useSyncExternalStore } from 'react';

/** A blocking message dialog (the '¡Ups!', 'Sesión Caducada' and similar dialogs). */
export interface AlertRequest {
  id: number;
  title: string;
  message: string;
  /** Extra lines shown under the message (e.g. the numbered list of a server answer). */
  details?: string[];
  confirmLabel?: string;
  tone: 'error' | 'warning' | 'info' | 'success';
  resolve: () => void;
}

export type AlertOptions = Omit<AlertRequest, 'id' | 'resolve' | 'tone'> & {
  tone?: AlertRequest['tone'];
};

type Listener = () => void;
const listeners = new Set<Listener>();
let queue: AlertRequest[] = [];
let nextId = 1;

function emit(): void {
  listeners.forEach((l) => l());
}

/** Shows a dialog and resolves when the user accepts it. Dialogs queue; one shows at a time. */
export function showAlert(options: AlertOptions): Promise<void> {
  return new Promise<void>((resolve) => {
    const request: AlertRequest = {
      tone: 'error',
      ...options,
      id: nextId++,
      resolve: () => {
        queue = queue.filter((a) => a.id !== request.id);
        emit();
        resolve();
      },
    };
    queue = [...queue, request];
    emit();
  });
}

/** The dialog currently on screen, if any. */
export function currentAlert(): AlertRequest | null {
  return queue[0] ?? null;
}

/** All pending dialogs (tests). */
export function pendingAlerts(): readonly AlertRequest[] {
  return queue;
}

/** Drops every pending dialog without resolving it (tests, and logout's reload). */
export function clearAlerts(): void {
  queue = [];
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React view of the first pending dialog. */
export function useCurrentAlert(): AlertRequest | null {
  return useSyncExternalStore(subscribe, currentAlert, currentAlert);
}
