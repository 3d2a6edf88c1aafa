import { useEffect, useRef } from 'react';
import { useExportJobs } from '@/lib/api/shared/export-jobs';
import { getRealtimeStatus, useRealtimeEvent } from '@/lib/socket';
import { EXPORT_POLL_MS, isExportJob, isRunning, withJob } from './job-state';

/**
 * My background exports, live: a `reporte:progreso` event updates its job in the list at once
 * (a job the list does not have yet brings the list again); while any job waits or runs and
 * the socket is not connected, or has said nothing for two intervals, the list is asked for
 * every `pollMs`.
 */
export function useLiveExportJobs(pollMs: number = EXPORT_POLL_MS) {
  const jobs = useExportJobs();
  const lastEvent = useRef(0);
  const refresh = useRef(jobs.mutate);
  useEffect(() => {
    refresh.current = jobs.mutate;
  });

  useRealtimeEvent('reporte:progreso', (payload) => {
    if (!isExportJob(payload)) return;
    lastEvent.current = Date.now();
    const known = jobs.data?.some((j) => j.id_exportacion === payload.id_exportacion) ?? false;
    void jobs.mutate((current) => withJob(current, payload), { revalidate: !known });
  });

  useRealtimeEvent('realtime:connected', () => void jobs.mutate());

  const anyRunning = (jobs.data ?? []).some((j) => isRunning(j));
  useEffect(() => {
    if (!anyRunning) return;
    const timer = setInterval(() => {
      const socketAnswers = getRealtimeStatus() === 'connected' && Date.now() - lastEvent.current < pollMs * 2;
      if (!socketAnswers) void refresh.current();
    }, pollMs);
    return () => clearInterval(timer);
  }, [anyRunning, pollMs]);

  return { jobs: jobs.data, error: jobs.error, isLoading: jobs.isLoading, anyRunning, refresh: () => void jobs.mutate() };
}
