import { PRI } from '@/lib/api/client';
import type { ColumnMeta } from '@/components/data-table';
import type { Notificacion } from '@/lib/socket';

/** Table engine url of "Mis notificaciones" (POST, see components/data-table). */
export const NOTIFICATIONS_TABLE_URL = `${PRI}/notificaciones/tabla`;

/** One row: the notification plus the columns the engine answers (fecha, titulo, origen, estatus). */
export type NotificationRow = Notificacion & Record<string, unknown>;

/**
 * The columns the screen shows, each with the engine field names it may have (the date is
 * `fecha_hora` on today's server; `fecha` is accepted too). The engine's
 * `columns_with_selects` decides which exist.
 */
export const NOTIFICATION_COLUMNS = [
  { key: 'fecha', fields: ['fecha_hora', 'fecha'] },
  { key: 'titulo', fields: ['titulo'] },
  { key: 'origen', fields: ['origen'] },
  { key: 'estatus', fields: ['estatus'] },
] as const;

export type NotificationColumnKey = (typeof NOTIFICATION_COLUMNS)[number]['key'];

/** Field of the newest-first sort the table starts with. */
export const NOTIFICATIONS_DATE_FIELD = 'fecha_hora';

/** True for SWR keys of that table (DataTable keys are `[url, body]`): events refresh it. */
export function isNotificationsTableKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === NOTIFICATIONS_TABLE_URL;
}

/** The shown columns and their engine fields: the first candidate the engine lists. */
export function resolveColumns(meta: readonly ColumnMeta[] | null): { key: NotificationColumnKey; field: string }[] {
  const known = meta ? new Set(meta.map((m) => m.nomfield)) : null;
  return NOTIFICATION_COLUMNS.flatMap(({ key, fields }) => {
    const field = known ? fields.find((f) => known.has(f)) : fields[0];
    return field ? [{ key, field }] : [];
  });
}
