import { PRI } from '@/lib/api/client';

/** What can be uploaded in bulk, as it appears in the urls. */
export const UPLOAD_TYPES = ['empleados', 'puestos', 'estructura', 'temas', 'preguntas', 'historial'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Root of the bulk-upload calls. */
export const UPLOADS_URL = `${PRI}/cargas_masivas`;

/** True for one of the known upload types (e.g. the `?tipo=` of the url). */
export function isUploadType(value: unknown): value is UploadType {
  return typeof value === 'string' && (UPLOAD_TYPES as readonly string[]).includes(value);
}

export type UploadStatus = 'pendiente' | 'procesando' | 'terminada' | 'fallida';

/** A bulk-upload job (GET cargas_masivas/{id}, and the `import:progress` event). */
export interface UploadJob {
  id_carga: number;
  tipo: UploadType | string;
  archivo: string | null;
  estatus: UploadStatus | string;
  total: number;
  procesadas: number;
  insertadas: number;
  actualizadas: number;
  sin_cambios: number;
  errores: number;
  lotes_fallidos: number;
  mensaje: string | null;
  creado: string | null;
  terminado: string | null;
}

/** The `import:progress` payload is typed `unknown` by the socket layer: check it is a job. */
export function isUploadJob(value: unknown): value is UploadJob {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { id_carga?: unknown }).id_carga === 'number' &&
    typeof (value as { estatus?: unknown }).estatus === 'string'
  );
}

/** A job that will not change any more. */
export function isFinished(job: Pick<UploadJob, 'estatus'> | null | undefined): boolean {
  return job?.estatus === 'terminada' || job?.estatus === 'fallida';
}

/** Of two reports of one job, the one further along (events and polls may arrive out of order). */
export function furthest(current: UploadJob | undefined, incoming: UploadJob): UploadJob {
  if (!current || current.id_carga !== incoming.id_carga) return incoming;
  if (isFinished(current) && !isFinished(incoming)) return current;
  if (!isFinished(incoming) && (incoming.procesadas ?? 0) < (current.procesadas ?? 0)) return current;
  return incoming;
}

/** Share of processed rows, 0–100 (a finished job with no rows is complete). */
export function progressPercent(job: Pick<UploadJob, 'total' | 'procesadas' | 'estatus'>): number {
  if (job.total > 0) return Math.min(100, Math.max(0, Math.round((job.procesadas / job.total) * 100)));
  return isFinished(job) ? 100 : 0;
}
