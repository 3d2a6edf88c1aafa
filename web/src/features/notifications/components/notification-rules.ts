import type { Notificacion } from '@/lib/socket';

/** Spec §9: the bell lists at most 5 unread notifications. */
export const MAX_LISTED = 5;

/** Spec §4: this `tipo` offers 'Ver Reporte' (Capacitaciones_Proximas_Vencer). */
export const EXPIRING_TRAINING_TYPE = 'Capacitaciones próximas a vencer';

function normalized(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

/** Unread when estatus is 1 (spec §4). */
export function isUnread(notification: Pick<Notificacion, 'estatus'>): boolean {
  return Number(notification.estatus) === 1;
}

/** 'Ver Reporte' shows for expiring-training notices, and only when the report screen exists. */
export function offersReport(notification: Pick<Notificacion, 'tipo'>, reportPath: string | null | undefined): boolean {
  return !!reportPath && !!notification.tipo && normalized(notification.tipo) === normalized(EXPIRING_TRAINING_TYPE);
}

/** The moment a notification carries (date and time when there is one). */
export function notificationDate(notification: Pick<Notificacion, 'fecha_hora' | 'fecha'>): string | null {
  return notification.fecha_hora || notification.fecha || null;
}

/** An http(s) address safe to open in a new tab, or null (no `javascript:` links from data). */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Where 'Mirar recurso' leads: an in-app path (navigate) or an address (new tab). */
export type ResourceTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

export function resourceTarget(recurso: string | null | undefined): ResourceTarget | null {
  const value = recurso?.trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'internal', path: value };
  const url = safeExternalUrl(value);
  return url ? { kind: 'external', url } : null;
}

/** Puts a new notification first, once. */
export function addNotification(list: readonly Notificacion[], notification: Notificacion): Notificacion[] {
  return [notification, ...list.filter((n) => n.idnotificacion !== notification.idnotificacion)];
}

/** Drops a notification (read, or gone). */
export function removeNotification(list: readonly Notificacion[], id: number): Notificacion[] {
  return list.filter((n) => n.idnotificacion !== id);
}
