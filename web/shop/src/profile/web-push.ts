import { API } from '@elts/contracts';
import { callOperation } from '@elts/ui';
import { useSyncExternalStore } from 'react';

/**
 * The member app on this device (docs/decisions/0160): its service worker, the browser's offer to install it, and this
 * device's Web Push subscription for drop alerts. Each part checks that the browser has it, so a browser without
 * one simply goes without.
 */

const WORKER_URL = '/sw.js';

/** Registers the service worker once (every member screen asks; the browser keeps one registration). */
let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(undefined);
  registering ??= navigator.serviceWorker.register(WORKER_URL, { scope: '/' }).catch(() => undefined);
  return registering;
}

/** Chrome's and Edge's install offer (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the button on the alert settings, instead of the browser's own banner.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = undefined;
    changed();
  });
}

/** Whether the app runs installed (from the Home Screen or as an installed app), not in a browser tab. */
export function runsInstalled(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

/** An iPhone or iPad (iPadOS reports itself as a Mac with a touch screen). */
export function isAppleMobile(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

/** The browser's install offer while it stands, and a way to show it. */
export function useInstallOffer(): { available: boolean; install: () => Promise<boolean> } {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer,
    () => undefined,
  );
  return {
    available: current !== undefined,
    async install() {
      if (!current) return false;
      await current.prompt();
      const { outcome } = await current.userChoice;
      offer = undefined;
      changed();
      return outcome === 'accepted';
    },
  };
}

/** Whether this browser can take push messages here (an iPhone only once the app is on the Home Screen). */
export function pushAvailable(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Why turning push on did not work, in the member's words. */
export class PushRefusal extends Error {}

const keyBytes = (base64url: string) => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
};

/**
 * Asks the member's permission (this must follow their tap), subscribes this device with the server's VAPID key and
 * gives identity the subscription. A subscription made with another key (the server's key changed) is replaced.
 */
export async function subscribeThisDevice(token: string): Promise<void> {
  if (!pushAvailable()) throw new PushRefusal('This browser cannot show push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushRefusal("Notifications are blocked for this site. Allow them in your browser's settings, then try again.");
  const registration = (await registerServiceWorker()) && (await navigator.serviceWorker.ready);
  if (!registration) throw new PushRefusal('This browser cannot show push notifications.');
  const { publicKey } = (await callOperation(API.webPushKey, {}, { token })).data;
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  const sameKey = (known: PushSubscription) => {
    const used = known.options.applicationServerKey;
    return used !== null && new Uint8Array(used).every((byte, index) => byte === key[index]);
  };
  if (subscription && !sameKey(subscription)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    throw new PushRefusal('This browser could not reach its push service. Please try again later.');
  }
  await callOperation(API.saveWebPushSubscription, { body: subscription.toJSON() as never }, { token });
}

/**
 * Gives identity this device's subscription again if the browser has one and push is allowed: a push service may
 * replace a subscription (the worker has no session to report it), and the next visit to the settings mends that.
 */
export async function resendThisDevice(token: string): Promise<void> {
  if (!pushAvailable() || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await callOperation(API.saveWebPushSubscription, { body: subscription.toJSON() as never }, { token });
}
