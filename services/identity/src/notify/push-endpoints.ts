/**
 * Where identity may send a Web Push message (docs/decisions/0164). A subscription's endpoint comes from the member's
 * browser, so identity would POST to any address a member wrote (a server-side request forgery into internal hosts).
 * Only the browsers' push services are taken, each as its maker documents the endpoints it hands out:
 *
 * - Google's Firebase Cloud Messaging (Chrome, and browsers built on Chromium outside Windows): `fcm.googleapis.com`;
 * - Mozilla's autopush (Firefox): `updates.push.services.mozilla.com`, and `push.services.mozilla.com`;
 * - Apple's push service (Safari, and web apps on the iPhone Home Screen): any host under `push.apple.com`
 *   (Apple: "allow URLs from *.push.apple.com"; today `web.push.apple.com`);
 * - the Windows Push Notification Services (Edge on Windows): any host under `notify.windows.com`.
 *
 * Always https on its default port, with no user name or password in the address.
 */
const EXACT_HOSTS = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com']);
const HOST_SUFFIXES = ['.push.apple.com', '.notify.windows.com'];

/** What a member reads when their browser's endpoint is refused. */
export const PUSH_ENDPOINT_REFUSED = "The push subscription's endpoint is not a browser push service (Chrome, Firefox, Safari or Edge)";

/**
 * Whether identity may send to this endpoint: on a browser push service's host, or at one of `extraOrigins` (a
 * local push service in tests, never in production).
 */
export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.port) return false;
  const host = url.hostname;
  return EXACT_HOSTS.has(host) || HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}
