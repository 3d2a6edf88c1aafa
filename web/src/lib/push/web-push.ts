import { useSyncExternalStore } from 'react';
import { onLogout } from '../auth/logout';
import { getToken } from '../auth/session';
import { deletePushSubscription, fetchVapidKey, postPushSubscription } from './push-api';

/** The service worker at the site root (public/sw.js), so its scope covers the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

export type PushPermission = NotificationPermission | 'unsupported';

/** How setting up push after login went. */
export type PushSetup = 'unsupported' | 'registered' | 'subscribed' | 'worker_failed' | 'subscribe_failed';

/** How a user's "Activar notificaciones" went. */
export type PushEnable = 'granted' | 'denied' | 'default' | 'unsupported' | 'failed';

/** True when this browser can receive Web Push (Notification, service workers, PushManager). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

const listeners = new Set<() => void>();
let permission: PushPermission = readPermission();

function readPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

function refreshPermission(): void {
  const next = readPermission();
  if (next === permission) return;
  permission = next;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getPermission(): PushPermission {
  return permission;
}

/** The browser's notification permission ('unsupported' without Web Push). */
export function usePushPermission(): PushPermission {
  return useSyncExternalStore(subscribe, getPermission, getPermission);
}

/** Turns the base64url VAPID key into the bytes `pushManager.subscribe` wants. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const a = new Uint8Array(current);
  return a.length === wanted.length && a.every((byte, i) => byte === wanted[i]);
}

/** Subscribes this browser with the server's VAPID key and tells the server about it. */
export async function subscribePush(registration: ServiceWorkerRegistration): Promise<PushSubscription> {
  const key = vapidKeyBytes(await fetchVapidKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
    // Subscribed with another server key (key rotated): the push service would refuse it.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await postPushSubscription({
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
  return subscription;
}

/** Logout: forget this browser on the server and at the push service. */
export async function unsubscribePush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await deletePushSubscription(subscription.endpoint);
  } catch {
    // The session may be gone already; unsubscribing below still stops the pushes.
  }
  await subscription.unsubscribe().catch(() => false);
}

let offLogout: (() => void) | null = null;
let setupToken: string | null = null;
let setupRun: Promise<PushSetup> | null = null;

/**
 * After login: register the service worker and, when the user allowed notifications before,
 * (re)subscribe. Never asks for permission: that needs a user gesture (enablePush). Runs
 * once per session token.
 */
export function setupPush(): Promise<PushSetup> {
  const token = getToken();
  if (!setupRun || setupToken !== token) {
    setupToken = token;
    setupRun = runSetup();
  }
  return setupRun;
}

async function runSetup(): Promise<PushSetup> {
  if (!pushSupported()) return 'unsupported';
  offLogout ??= onLogout(unsubscribePush);
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch {
    return 'worker_failed';
  }
  refreshPermission();
  if (Notification.permission !== 'granted') return 'registered';
  try {
    await subscribePush(registration);
    return 'subscribed';
  } catch {
    return 'subscribe_failed';
  }
}

/** From a click ("Activar notificaciones"): ask for permission, then subscribe. */
export async function enablePush(): Promise<PushEnable> {
  if (!pushSupported()) return 'unsupported';
  let result: NotificationPermission;
  try {
    result = await Notification.requestPermission();
  } catch {
    result = Notification.permission;
  } finally {
    refreshPermission();
  }
  if (result !== 'granted') return result;
  try {
    const registration =
      (await navigator.serviceWorker.getRegistration('/')) ??
      (await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }));
    await subscribePush(registration);
    return 'granted';
  } catch {
    return 'failed';
  }
}

/** Test hook: re-read the permission after a test stubbed the browser APIs. */
export function resetPushState(): void {
  offLogout?.();
  offLogout = null;
  setupToken = null;
  setupRun = null;
  permission = readPermission();
  listeners.forEach((l) => l());
}
