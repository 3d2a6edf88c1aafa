import { useSyncExternalStore } from 'react';
import type { Notificacion } from '@/lib/socket';

/** The notification the shell's modal shows: its id, and what we already know of it. */
export interface OpenNotification {
  id: number;
  preview?: Notificacion;
}

let current: OpenNotification | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((l) => l());
}

/** Opens the notification modal (bell, toast, table row, `?id=`). */
export function openNotification(target: Notificacion | number): void {
  current = typeof target === 'number' ? { id: target } : { id: Number(target.idnotificacion), preview: target };
  emit();
}

/** Closes the notification modal. */
export function closeNotification(): void {
  if (!current) return;
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function snapshot(): OpenNotification | null {
  return current;
}

/** React view of the open notification. */
export function useOpenNotification(): OpenNotification | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
