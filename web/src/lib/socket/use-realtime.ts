import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { followSession, getRealtimeStatus, onRealtime, subscribeRealtimeStatus, type RealtimeStatus } from './connection';
import type { RealtimeEvents } from './types';

/** Runs `handler` for every `event` while the component is mounted (latest handler wins). */
export function useRealtimeEvent<E extends keyof RealtimeEvents>(event: E, handler: (payload: RealtimeEvents[E]) => void): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => onRealtime(event, (payload) => onEvent(payload)), [event]);
}

/** The connection state, for components that show it or wait for it. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus, getRealtimeStatus);
}

/** Mount once in the /menu shell: keeps one socket per logged-in session. */
export function useRealtimeConnection(): void {
  useEffect(() => {
    followSession();
  }, []);
}
