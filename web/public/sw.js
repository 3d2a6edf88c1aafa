/* Aula service worker: shows Web Push notifications and opens their page on click.
 * Push payload (docs/realtime.md): {titulo, contenido, url, tipo: "chat" | "notificacion", id}.
 * Nothing is cached here: the app itself is served with ETags by the server. */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readPayload(data) {
  if (!data) return {};
  try {
    const value = data.json();
    return value && typeof value === 'object' ? value : {};
  } catch {
    return { contenido: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const tag = payload.tipo && payload.id !== undefined && payload.id !== null ? `${payload.tipo}-${payload.id}` : undefined;
  event.waitUntil(
    self.registration.showNotification(payload.titulo || 'Aula', {
      body: payload.contenido || '',
      icon: '/favicon.svg',
      tag,
      data: { url: payload.url || '/menu/dashboard', tipo: payload.tipo, id: payload.id },
    }),
  );
});

async function openTarget(url) {
  const target = new URL(url, self.location.origin);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return;
  if (target.origin !== self.location.origin) {
    await self.clients.openWindow(target.href);
    return;
  }
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const mine = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const client = mine.find((c) => c.focused) || mine.find((c) => c.visibilityState === 'visible') || mine[0];
  if (client) {
    // The app navigates in place (no reload): its router listens for this message.
    client.postMessage({ type: 'aula:navigate', url: target.pathname + target.search + target.hash });
    await client.focus();
    return;
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/menu/dashboard';
  event.waitUntil(openTarget(url));
});
