import { useEffect, useRef } from 'react';
import { getRealtimeStatus, useRealtimeEvent } from '@/lib/socket';
import { useUpload } from '../api/get-upload';
import { furthest, isFinished, isUploadJob } from '../api/upload-types';

/** The contract: clients poll every 2 s when the socket cannot tell them. */
export const POLL_MS = 2000;

/**
 * A job's progress, live: `import:progress` events update it at once; while the socket is
 * not connected, or has said nothing about the job for two intervals, it is polled every
 * `pollMs` until it finishes.
 */
export function useUploadProgress(id: number | null, pollMs: number = POLL_MS) {
  const job = useUpload(id);
  const lastEvent = useRef(0);
  const refresh = useRef(job.mutate);
  useEffect(() => {
    refresh.current = job.mutate;
  });

  useRealtimeEvent('import:progress', (payload) => {
    if (id === null || !isUploadJob(payload) || payload.id_carga !== id) return;
    lastEvent.current = Date.now();
    void job.mutate((current) => furthest(current, payload), { revalidate: false });
  });

  // After a reconnect the events in between are lost: ask once.
  useRealtimeEvent('realtime:connected', () => {
    if (id !== null) void job.mutate();
  });

  const finished = isFinished(job.data);
  useEffect(() => {
    if (id === null || finished) return;
    const timer = setInterval(() => {
      const socketAnswers = getRealtimeStatus() === 'connected' && Date.now() - lastEvent.current < pollMs * 2;
      if (!socketAnswers) void refresh.current();
    }, pollMs);
    return () => clearInterval(timer);
  }, [id, finished, pollMs]);

  return { job: job.data, error: job.error, isLoading: job.isLoading, finished, refresh: () => void job.mutate() };
}
