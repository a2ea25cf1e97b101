// @ts-check
/// <reference lib="webworker" />
/**
 * The member app's service worker (docs/decisions/0160). It shows the drop alerts pushed to this device (the payload
 * identity encrypted for this subscription: title, text, the page to open and a tag, so a repeat replaces rather than
 * stacks) and opens that page, on this site only, when the notification is tapped. It keeps no caches and answers no
 * requests: the app works as it does in a tab.
 */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const FALLBACK = {
  title: 'Drop alert',
  body: 'Something on your lists is about to drop.',
  url: '/profile?section=lists',
  tag: 'drop-alert',
};

worker.addEventListener('install', () => {
  void worker.skipWaiting();
});
worker.addEventListener('activate', (event) => {
  event.waitUntil(worker.clients.claim());
});

/** The pushed message, or the fallback's words where the payload is missing or not ours. */
function messageOf(/** @type {PushMessageData | null} */ data) {
  try {
    const message = data?.json();
    if (message && typeof message.title === 'string' && typeof message.body === 'string') return { ...FALLBACK, ...message };
  } catch {}
  return FALLBACK;
}

worker.addEventListener('push', (event) => {
  const message = messageOf(event.data);
  event.waitUntil(
    worker.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const asked = new URL(String(event.notification.data?.url ?? FALLBACK.url), worker.location.origin);
  // Only a page of this site: a payload cannot send the member elsewhere.
  const target = asked.origin === worker.location.origin ? asked.href : new URL(FALLBACK.url, worker.location.origin).href;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      return worker.clients.openWindow(target);
    }),
  );
});
