import { PRI, PUB, apiRequest } from '../api/client';

/** What the server stores of a browser's push subscription. */
export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** GET /api/pub/push/vapid → the server's public VAPID key (base64url). */
export async function fetchVapidKey(): Promise<string> {
  const answer = await apiRequest<{ publicKey?: string }>(`${PUB}/push/vapid`, { errorDialog: false });
  if (!answer?.publicKey) throw new Error('VAPID key missing');
  return answer.publicKey;
}

/** POST push/suscripciones: this browser receives the user's pushes from now on. */
export function postPushSubscription(body: PushSubscriptionBody): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/push/suscripciones`, { method: 'POST', body, errorDialog: false });
}

/** DELETE push/suscripciones: this browser stops receiving them (logout). */
export function deletePushSubscription(endpoint: string): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/push/suscripciones`, {
    method: 'DELETE',
    body: { endpoint },
    errorDialog: false,
    // Logout may run after the session already ended; that must not open dialogs.
    sessionHandling: false,
  });
}
