import { addDays, formatIndianDay, todayInIndia } from '@elts/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { adminSession, createProduct, fulfilmentStep, placeUnpaidOrder } from '../src/admin.js';
import { screenshot } from '../src/artifacts.js';
import { useBrowser, VIEWPORTS } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { subscriber } from '../src/members.js';

const browser = useBrowser();
const SIZES = [VIEWPORTS.phone, VIEWPORTS.desktop];

/** Nothing wider than the window and no serious axe problem, at the size the page was opened at. */
async function fitsAndAccessible(page: Page, what: string) {
  expect(await widerThanWindow(page), what).toEqual([]);
  expect(await seriousViolations(page), what).toEqual([]);
}

// Issue 20's exchanges end to end (docs/decisions/0025): a member's order is paid and delivered (through the
// operators' fulfilment routes); the member asks for an exchange on the order page; an operator approves it on the
// Exchanges page and ships the replacement through the same fulfilment steps; the member's order page shows it.
describe('an exchange', () => {
  it('is asked for by the member, approved by an operator, and its replacement shipped', async () => {
    const product = await createProduct({ stock: 3 });
    const member = await subscriber();
    const placed = await placeUnpaidOrder(member.token, product.id);
    const { page: checkout } = await browser.open(new URL(placed.payment_link).pathname, { session: member.session });
    await checkout.getByRole('button', { name: /^Pay / }).click();
    await checkout.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    await fulfilmentStep(placed.order_id, { step: 'processing' });
    await fulfilmentStep(placed.order_id, {
      step: 'shipped',
      courier: 'Blue Dart',
      awb_number: '12345678901',
      tracking_url: 'https://www.bluedart.com/tracking?awb=12345678901',
    });
    await fulfilmentStep(placed.order_id, { step: 'delivered', delivered_on: todayInIndia() });

    // The member asks, within 7 days of delivery, from the order page.
    const { page: order, pageErrors } = await browser.open(`/order?order_id=${placed.order_id}`, {
      session: member.session,
      viewport: VIEWPORTS.phone,
    });
    await order.getByText(`You can ask for an exchange until ${formatIndianDay(addDays(todayInIndia(), 7))}.`).waitFor();
    await order.getByRole('button', { name: 'Ask for an exchange' }).click();
    const form = order.getByRole('form', { name: 'Ask for an exchange' });
    await form.getByLabel(/^Reason/).selectOption({ label: 'Arrived damaged' });
    await form.getByLabel(/^What is wrong with it\?/).fill('The lid arrived cracked in two.');
    await fitsAndAccessible(order, 'the exchange form on a phone');
    await form.getByRole('button', { name: 'Send request' }).click();
    const request = order.getByRole('article', { name: `Exchange request ${placed.order_id}-X1` });
    await request.getByText('Requested', { exact: true }).waitFor();
    expect(await order.getByRole('button', { name: 'Ask for an exchange' }).count()).toBe(0);

    // The operator finds it in the queue and approves it; its replacement then moves through the fulfilment steps.
    const { page: admin } = await browser.open('/admin/exchanges', { session: await adminSession(), viewport: VIEWPORTS.desktop });
    const row = admin.getByRole('row').filter({ hasText: `${placed.order_id}-X1` });
    await row.getByText('Arrived damaged').waitFor();
    await fitsAndAccessible(admin, 'the Exchanges page on a laptop');
    await row.getByRole('button', { name: `Approve exchange ${placed.order_id}-X1` }).click();
    await admin.getByRole('dialog', { name: 'Approve exchange' }).getByRole('button', { name: 'Approve' }).click();
    await admin
      .getByRole('status')
      .filter({ hasText: `Exchange ${placed.order_id}-X1 approved: its replacement waits to be processed.` })
      .waitFor();
    await row.getByText('Approved', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Mark processing: order ${placed.order_id}` }).click();
    await admin.getByRole('dialog', { name: 'Mark processing: 1 order' }).getByRole('button', { name: 'Mark processing' }).click();
    await row.getByRole('button', { name: `Mark shipped: order ${placed.order_id}` }).click();
    const shipping = admin.getByRole('dialog', { name: 'Mark shipped: 1 order' });
    await shipping.getByLabel('Courier').fill('Delhivery');
    await shipping.getByLabel('AWB number').fill('98765432101');
    await shipping.getByLabel('Tracking link').fill('https://www.delhivery.com/track/package/98765432101');
    await shipping.getByRole('button', { name: 'Mark shipped' }).click();
    await row.getByText('Replacement shipped', { exact: true }).waitFor();
    await screenshot(admin, 'exchanges-page', VIEWPORTS.desktop);
    for (const viewport of SIZES) {
      await admin.setViewportSize(viewport);
      await fitsAndAccessible(admin, `the Exchanges page at ${viewport.width} px`);
    }

    // The member's order page shows the replacement on its way, on a phone and on a laptop.
    for (const viewport of SIZES) {
      const { page } = await browser.open(`/order?order_id=${placed.order_id}`, { session: member.session, viewport });
      const exchange = page.getByRole('article', { name: `Exchange request ${placed.order_id}-X1` });
      await exchange.getByText('Replacement shipped', { exact: true }).waitFor();
      const progress = exchange.getByRole('region', { name: 'Replacement delivery progress' });
      const text = await progress.textContent();
      for (const word of ['Approved, done', 'Processing, done', 'Shipped, done', 'Delivered, not yet', 'Delhivery', '98765432101'])
        expect(text).toContain(word);
      await screenshot(page, 'exchange-order-page', viewport);
      await fitsAndAccessible(page, `the order page at ${viewport.width} px`);
    }
    expect(pageErrors).toEqual([]);
  });
});
