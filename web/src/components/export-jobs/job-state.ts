import type { ExportJob, ExportJobState } from '@/lib/api/shared/export-jobs';

/** Every state of a background export, in its life's order. */
export const EXPORT_JOB_STATES: readonly ExportJobState[] = ['pendiente', 'procesando', 'terminada', 'fallida', 'expirada'];

/** The contract: poll every 2–3 s while a job runs and the socket says nothing. */
export const EXPORT_POLL_MS = 3000;

/** A job still being prepared (waiting or writing rows). */
export function isRunning(job: Pick<ExportJob, 'estado'> | undefined | null): boolean {
  return job?.estado === 'pendiente' || job?.estado === 'procesando';
}

/** The `reporte:progreso` payload is typed `unknown` by the socket layer: check its shape. */
export function isExportJob(value: unknown): value is ExportJob {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id_exportacion === 'number' &&
    typeof v.estado === 'string' &&
    (EXPORT_JOB_STATES as readonly string[]).includes(v.estado) &&
    typeof v.filas === 'number'
  );
}

/**
 * The newer of two reports of the same job: events and polled answers may cross, and a late
 * one must not take the bar back nor a finished job back to running.
 */
export function furthest(current: ExportJob | undefined, incoming: ExportJob): ExportJob {
  if (!current || current.id_exportacion !== incoming.id_exportacion) return incoming;
  if (!isRunning(current) && isRunning(incoming)) return current;
  if (isRunning(current) && isRunning(incoming)) {
    if (current.estado === 'procesando' && incoming.estado === 'pendiente') return current;
    if (incoming.filas < current.filas) return current;
  }
  return incoming;
}

/** Share of the rows written, 0–100; null while the total is unknown. */
export function jobPercent(job: Pick<ExportJob, 'estado' | 'filas' | 'total'>): number | null {
  if (job.estado === 'terminada') return 100;
  if (job.total === null || job.total === undefined) return null;
  if (job.total <= 0) return job.estado === 'procesando' ? 0 : null;
  return Math.min(100, Math.max(0, Math.floor((job.filas / job.total) * 100)));
}

/** A list of jobs with one of them replaced by its newer report (or added first when new). */
export function withJob(list: readonly ExportJob[] | undefined, incoming: ExportJob): ExportJob[] {
  const jobs = list ?? [];
  const index = jobs.findIndex((j) => j.id_exportacion === incoming.id_exportacion);
  if (index === -1) return [incoming, ...jobs];
  const next = [...jobs];
  next[index] = furthest(jobs[index], incoming);
  return next;
}
