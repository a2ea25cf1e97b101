import { WHATSAPP_OPT_IN_WORDING } from '@elts/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { baseURL, expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { completeProfile, signUp } from '../src/members.js';

// The drop alert settings and the inbox on the Lists section of /profile (issue 37), on a phone and a desktop.
const browser = useBrowser();

async function alertPreferences(token: string) {
  const response = await fetch(`${baseURL()}/user/alert-preferences`, { headers: { authorization: token } });
  return (await response.json()).data;
}

/**
 * The browser's push service stands in for Chrome's (headless Chromium reaches none): a subscription at Chrome's push
 * service (identity takes no other host, decision 0164; nothing is sent in this journey) with a P-256 key
 * and auth secret made in the page, as a browser's would be. Permission, the VAPID key, the subscription's journey to
 * identity and the choice are the product's own.
 */
async function withPushService(page: Page) {
  await page.context().grantPermissions(['notifications'], { origin: baseURL() });
  await page.addInitScript(() => {
    const base64url = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let made: unknown = null;
    PushManager.prototype.getSubscription = async () => made as PushSubscription | null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const json = {
        endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
        expirationTime: null,
        keys: {
          p256dh: base64url(await crypto.subtle.exportKey('raw', pair.publicKey)),
          auth: base64url(crypto.getRandomValues(new Uint8Array(16))),
        },
      };
      made = {
        endpoint: json.endpoint,
        options: { applicationServerKey: options?.applicationServerKey },
        toJSON: () => json,
        unsubscribe: async () => true,
      };
      return made as PushSubscription;
    };
  });
}

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('the member app: manifest, icons and service worker', () => {
  it('is installable: a standalone manifest with its icons, served as the browser expects', async () => {
    const manifest = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    const body = await manifest.json();
    expect(body).toMatchObject({ display: 'standalone', start_url: '/profile', scope: '/' });
    for (const icon of [...body.icons, { src: '/icons/apple-touch-icon.png' }]) {
      const answer = await fetch(`${baseURL()}${icon.src}`);
      expect([icon.src, answer.status, answer.headers.get('content-type')]).toEqual([icon.src, 200, 'image/png']);
    }
    const worker = await fetch(`${baseURL()}/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('drop alerts on /profile', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`lets a member choose how they hear about drops, and shows their inbox (${name})`, async () => {
      const member = await signUp({ name: 'Asha Rao' });
      await completeProfile(member);
      const { page, pageErrors } = await browser.open('/profile?section=lists', {
        session: member.session,
        viewport,
        prepare: withPushService,
      });
      await expectHeading(page, 'Lists');
      const settings = page.getByRole('region', { name: 'Drop alerts' });
      const email = settings.getByRole('checkbox', { name: 'Email' });
      await email.waitFor();
      expect(await email.isChecked()).toBe(false);
      expect(await settings.getByRole('checkbox', { name: 'Inbox on this page' }).isChecked()).toBe(true);
      expect(await settings.getByLabel('From').inputValue()).toBe('22:00');
      const inbox = page.getByRole('region', { name: 'Inbox' });
      await inbox.getByText('No messages yet').waitFor();
      expect(await widerThanWindow(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      // The member app: its service worker runs, and the settings say how to install it.
      const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      expect(worker).toBe(`${baseURL()}/sw.js`);
      await settings.getByRole('region', { name: 'Get the app' }).waitFor();
      expect(await settings.getByRole('region', { name: 'Get the app' }).textContent()).toMatch(/Install/);

      // WhatsApp is offered only where the business set up the Cloud API (not in this product's run).
      expect(await settings.getByRole('checkbox', { name: 'WhatsApp' }).count()).toBe(0);
      await email.check();
      const subscribed = page.waitForResponse((response) => response.url().endsWith('/user/web-push/subscriptions'));
      // Checked once the browser has subscribed and identity has the subscription, not at the tap.
      await settings.getByRole('checkbox', { name: 'Push notifications' }).click();
      expect((await subscribed).status()).toBe(200);
      await expect.poll(() => settings.getByRole('checkbox', { name: 'Push notifications' }).isChecked()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await settings.getByRole('checkbox', { name: 'Wake me when a drop opens' }).check();
      await settings.getByLabel('Until').fill('07:30');
      await settings.getByRole('button', { name: 'Save alert settings' }).click();
      await page.getByRole('status').filter({ hasText: 'Alert settings saved' }).waitFor();
      expect(await alertPreferences(member.token)).toMatchObject({
        channels: { email: true, inbox: true, push: true },
        quietHours: { from: '22:00', until: '07:30' },
        wakeAtOpening: true,
      });
      await page.reload();
      await settings.getByRole('checkbox', { name: 'Email' }).waitFor();
      expect(await settings.getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(true);
      expect(await settings.getByRole('checkbox', { name: 'Push notifications' }).isChecked()).toBe(true);
      expect(await settings.getByLabel('Until').inputValue()).toBe('07:30');
      expect(pageErrors).toEqual([]);
      await page.close();
    });
  }

  it('tells an iPhone member to add the app to the Home Screen before push notifications (phone)', async () => {
    const member = await signUp({ name: 'Ravi Iyer' });
    await completeProfile(member);
    const { page, pageErrors } = await browser.open('/profile?section=lists', {
      session: member.session,
      viewport: VIEWPORTS.phone,
      // Safari in a tab on iPhone: no Push API until the app is opened from the Home Screen.
      // Nor does Safari make an install offer (beforeinstallprompt): the page must say how instead.
      prepare: (tab) =>
        tab
          .addInitScript((agent) => {
            Object.defineProperty(navigator, 'userAgent', { get: () => agent });
            delete (window as { PushManager?: unknown }).PushManager;
            window.addEventListener('beforeinstallprompt', (event) => event.stopImmediatePropagation());
          }, IPHONE_SAFARI)
          .then(() =>
            // A business with WhatsApp set up, and a member with a number it reaches.
            tab.route('**/user/alert-channels', (route) =>
              route.fulfill({ json: { is_success: true, data: { push: true, whatsapp: true, whatsappNumber: true } } }),
            ),
          ),
    });
    const settings = page.getByRole('region', { name: 'Drop alerts' });
    const push = settings.getByRole('checkbox', { name: 'Push notifications' });
    await push.waitFor();
    // Where WhatsApp is set up, ticking it is the opt-in to the words shown beside it.
    const whatsapp = settings.getByRole('checkbox', { name: 'WhatsApp' });
    await whatsapp.waitFor();
    expect(await whatsapp.getAttribute('aria-describedby')).toBeTruthy();
    await settings.getByText(WHATSAPP_OPT_IN_WORDING).waitFor();
    await whatsapp.check();
    expect(await push.isDisabled()).toBe(true);
    await settings.getByText('On iPhone, add the app to your Home Screen first, then open it from there to turn these on.').waitFor();
    const install = settings.getByRole('region', { name: 'Get the app' });
    expect(await install.textContent()).toContain("On iPhone, tap Share, then 'Add to Home Screen'");
    expect(await widerThanWindow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
