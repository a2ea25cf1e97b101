import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { createProduct, placeUnpaidOrder } from '../src/admin.js';
import { baseURL, expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { subscriber } from '../src/members.js';
import { currentSubscription, openPanel, panelStatus } from './membership-steps.js';

// Revoking the UPI AutoPay mandate ends the membership at once (services/payments endMembership): the card must say
// so rather than show a Valid Until that no longer holds, and the member keeps the orders they paid for.
const browser = useBrowser();
const WAIT = { timeout: 10_000 };

const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Account' });

describe('a member who revoked the mandate', () => {
  it('is told the membership ended, is offered SUBSCRIBE NOW, and still sees Orders with the order they paid for', async () => {
    const product = await createProduct({ name: `Myna${Date.now().toString(36)} Steel Tiffin` });
    const member = await subscriber();
    const placed = await placeUnpaidOrder(member.token, product.id);
    const paid = await fetch(placed.payment_link, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(placed.payment_link).origin },
      body: new URLSearchParams({ outcome: 'success', method: 'upi' }),
    });
    expect(paid.status).toBe(303);

    const { page } = await browser.open('/profile?section=subscription', { session: member.session });
    await openPanel(page, baseURL());
    await page.getByRole('button', { name: 'REVOKE MANDATE' }).click();
    await page.getByRole('dialog', { name: 'Confirm Mandate Revocation' }).getByRole('button', { name: 'REVOKE MANDATE' }).click();
    await page.getByText('Mandate revoked successfully. Your subscription has been cancelled.').waitFor();
    await expect.poll(async () => (await panelStatus(page)).label, WAIT).toBe('Revoked');
    expect((await currentSubscription(baseURL(), member.token)).status).toBe('revoked');

    const card = page.getByRole('region', { name: 'CURRENT SUBSCRIPTION' });
    await card
      .getByText(
        'You revoked your UPI AutoPay mandate, so your membership ended at once: the deals board and ordering are closed, and nothing more will be charged. Subscribe again to get them back.',
      )
      .waitFor();
    // The year's end date no longer holds: the card does not offer it as a validity.
    expect(await card.getByText('Valid Until').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'RETRY PAYMENT' }).count()).toBe(0);
    await page.getByRole('button', { name: 'SUBSCRIBE NOW' }).waitFor();
    expect(await widerThanWindow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // Orders stays in the menu, and opens the history with the paid order in it.
    await accountMenu(page).getByRole('link', { name: 'Orders' }).click();
    await expectHeading(page, 'Orders');
    const order = page.getByRole('listitem', { name: `Order ${placed.order_id}` });
    await order.waitFor();
    expect(await order.textContent()).toContain('Paid');

    // On a phone: the same, through the menu drawer, from a link straight to Orders.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${baseURL()}/profile?section=orders`);
    await expectHeading(page, 'Orders');
    await page.getByRole('listitem', { name: `Order ${placed.order_id}` }).waitFor();
    expect(await widerThanWindow(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Orders' }).waitFor();
    await drawer.getByRole('link', { name: 'Subscription' }).click();
    await expectHeading(page, 'Subscription');
    await page.getByRole('button', { name: 'SUBSCRIBE NOW' }).waitFor();
    expect(await widerThanWindow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('sees a refusal of the revocation above the confirmation still open, not hidden beneath it', async () => {
    const member = await subscriber();
    const { page } = await browser.open('/profile?section=subscription', { session: member.session });
    await openPanel(page, baseURL());
    await page.route('**/subscription/revoke-mandate/**', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Bad gateway' }) }),
    );
    await page.getByRole('button', { name: 'REVOKE MANDATE' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Mandate Revocation' });
    await dialog.getByRole('button', { name: 'REVOKE MANDATE' }).click();
    const toast = page.getByRole('region', { name: 'Notifications' }).getByText('Failed to revoke mandate. Please try again.');
    await toast.waitFor();
    expect(await dialog.isVisible()).toBe(true);
    // What a tap at the toast's centre lands on: the toast itself, not the modal's backdrop laid over the page.
    const onTop = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (element.closest('section')?.contains(hit) ?? false);
    });
    expect(onTop).toBe(true);
    // Once the confirmation closes, the toast is back at the foot of the page.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await toast.evaluate((element) => element.closest('dialog'))).toBeNull();
    await page.close();
  });
});
