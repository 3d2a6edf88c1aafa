import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { EXPORT_JOBS_KEY, useExportJob } from '@/lib/api/shared/export-jobs';
import { getRealtimeStatus, useRealtimeEvent } from '@/lib/socket';
import { EXPORT_POLL_MS, furthest, isExportJob, isRunning } from './job-state';

/**
 * One background export, live: `reporte:progreso` events update it at once; while the socket
 * is not connected, or has said nothing about it for two intervals, it is asked for every
 * `pollMs` until it ends. When it ends, my exports' list is asked again.
 */
export function useLiveExportJob(id: number | null, pollMs: number = EXPORT_POLL_MS) {
  const job = useExportJob(id);
  const { mutate: mutateKey } = useSWRConfig();
  const lastEvent = useRef(0);
  const refresh = useRef(job.mutate);
  useEffect(() => {
    refresh.current = job.mutate;
  });

  useRealtimeEvent('reporte:progreso', (payload) => {
    if (id === null || !isExportJob(payload) || payload.id_exportacion !== id) return;
    lastEvent.current = Date.now();
    void job.mutate((current) => furthest(current, payload), { revalidate: false });
  });

  // After a reconnect the events in between are lost: ask once.
  useRealtimeEvent('realtime:connected', () => {
    if (id !== null) void job.mutate();
  });

  const running = job.data ? isRunning(job.data) : id !== null && !job.error;
  useEffect(() => {
    if (id === null || !running) return;
    const timer = setInterval(() => {
      const socketAnswers = getRealtimeStatus() === 'connected' && Date.now() - lastEvent.current < pollMs * 2;
      if (!socketAnswers) void refresh.current();
    }, pollMs);
    return () => clearInterval(timer);
  }, [id, running, pollMs]);

  const ended = !!job.data && !isRunning(job.data);
  useEffect(() => {
    if (ended) void mutateKey(EXPORT_JOBS_KEY);
  }, [ended, mutateKey]);

  return { job: job.data, error: job.error, running, retry: () => void job.mutate() };
}
