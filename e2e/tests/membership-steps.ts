import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectHeading } from '../src/browser.js';

/** Steps of the membership journeys, as a member takes them on the screens. */

export const PANEL_PATH = '/profile?section=subscription';
export const PRICE = '₹1,178.82';

/** The subscription panel, once it has loaded. */
export async function openPanel(page: Page, base: string): Promise<void> {
  // A product started for one journey serves its first page cold: on a busy machine that takes longer than a step.
  await page.goto(`${base}${PANEL_PATH}`, { timeout: 30_000 });
  await expectHeading(page, 'Subscription');
  await page.getByText('Loading subscription details...').waitFor({ state: 'detached' });
}

/** The status badge of the current subscription, with its colour. */
export async function panelStatus(page: Page): Promise<{ label: string; tone: string | null }> {
  const badge = page.getByRole('region', { name: 'CURRENT SUBSCRIPTION' }).locator('[data-tone]');
  return { label: (await badge.textContent()) ?? '', tone: await badge.getAttribute('data-tone') };
}

/** Opens the pricing modal from the paying button (`label`), checks the price and proceeds to the simulator. */
export async function payFromPanel(page: Page, label: 'SUBSCRIBE NOW' | 'RETRY PAYMENT' | 'RENEW SUBSCRIPTION'): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  const pricing = page.getByRole('dialog', { name: 'Subscription Pricing' });
  await pricing.waitFor();
  expect(await pricing.getByText(PRICE, { exact: true }).count()).toBe(1);
  await pricing.getByRole('button', { name: `PROCEED TO PAY ${PRICE}` }).click();
  await page.getByText('Redirecting to payment...').waitFor();
  await page.waitForURL((url) => url.pathname.startsWith('/pay/simulator/mandates/'));
  await page.getByRole('heading', { name: 'Authorise UPI AutoPay' }).waitFor();
}

/** On the simulator's mandate page: approve with a UPI id, decline, or leave without deciding; back on /order. */
export async function decideMandate(page: Page, decision: 'approve' | 'decline' | 'leave'): Promise<void> {
  if (decision === 'approve') {
    await page.getByLabel('UPI ID').fill('asha@upi');
    await page.getByRole('button', { name: 'Approve the mandate' }).click();
  } else if (decision === 'decline') {
    await page.getByRole('button', { name: 'Decline the mandate' }).click();
  } else {
    await page.getByRole('link', { name: 'Leave without deciding' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/order');
  await expectHeading(page, 'Order Status');
}

/** The value beside a label on the order page or in a modal (a <dt>/<dd> pair). */
export async function factValue(scope: Page | ReturnType<Page['getByRole']>, label: string): Promise<string> {
  const value = scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  return ((await value.textContent()) ?? '').trim();
}

/** `dd/mm/yyyy` on the Asia/Kolkata calendar, as the screens show dates. */
export function istDate(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(iso),
  );
  return parts;
}

/** The member's subscription as the API reports it. */
export async function currentSubscription(base: string, token: string) {
  const response = await fetch(`${base}/subscription/current`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: { subscription: any } }).data.subscription;
}

/** The first administrator of a product started for one journey (pass as its ADMIN_USERNAME and ADMIN_PASSWORD). */
export const JOURNEY_ADMIN = { username: 'journey-admin', password: 'a long admin passphrase 42' };
export const ADMIN_SETTINGS = { ADMIN_USERNAME: JOURNEY_ADMIN.username, ADMIN_PASSWORD: JOURNEY_ADMIN.password };

/** An admin API answer, signed in as JOURNEY_ADMIN. */
export async function adminGet<T = any>(base: string, path: string): Promise<T> {
  const login = await fetch(`${base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(JOURNEY_ADMIN),
  }).then((r) => r.json());
  return fetch(`${base}${path}`, { headers: { authorization: login.token } }).then((r) => r.json() as Promise<T>);
}

/**
 * A light page of the suite's own product to open a tab on before a journey moves to a product started for it
 * (`browser.open` always starts on the suite's product; its landing page is slow to load on a busy machine).
 */
export const LIGHT_START = '/pay/simulator/simulator.css';
