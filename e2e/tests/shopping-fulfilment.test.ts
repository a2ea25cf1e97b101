import { addBusinessDays, formatIndianDay, todayInIndia } from '@elts/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { adminSession, createProduct, placeUnpaidOrder } from '../src/admin.js';
import { screenshot } from '../src/artifacts.js';
import { baseURL, useBrowser, VIEWPORTS, type Viewport } from '../src/browser.js';
import { subscriber } from '../src/members.js';

const browser = useBrowser();
const TRACKING = 'https://www.bluedart.com/tracking?awb=12345678901';

/** What the product would have sent, as a tester reads it on this machine (/dev/mailbox, /dev/sms). */
async function outbox<T>(path: '/dev/mailbox' | '/dev/sms'): Promise<T[]> {
  const answer = await fetch(baseURL() + path, { headers: { accept: 'application/json' } });
  return ((await answer.json()) as { data: T[] }).data;
}

/** The operator's Orders page, narrowed to one order by the search box. */
async function ordersPageFor(orderId: string, viewport: Viewport = VIEWPORTS.desktop): Promise<Page> {
  const { page } = await browser.open('/admin/orders', { session: await adminSession(), viewport });
  await page.getByLabel('Search').fill(orderId);
  await page.getByRole('row').filter({ hasText: orderId }).waitFor();
  return page;
}

// Issue 20's fulfilment end to end: a member pays for an order; an operator marks it processing (from the bulk bar),
// shipped (courier, AWB number, tracking link) and delivered (the day) on the Orders page; the member's order page
// and history show each step with its day, and the member was mailed and texted at shipped and at delivered.
describe('an order on its way', () => {
  it('goes paid, processing, shipped and delivered by an operator, and the member sees every step', async () => {
    const product = await createProduct({ stock: 2 });
    const mobile = `9${String(Date.now()).slice(-9)}`;
    const member = await subscriber({ profile: { mobile } });
    const placed = await placeUnpaidOrder(member.token, product.id);

    // The member pays on the simulator's page and lands on Order Confirmed!, with a day to expect the parcel.
    const { page: checkout } = await browser.open(new URL(placed.payment_link).pathname, { session: member.session });
    await checkout.getByRole('button', { name: /^Pay / }).click();
    await checkout.waitForURL((url) => url.pathname === '/order');
    await checkout.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    const progress = checkout.getByRole('region', { name: 'Delivery progress' });
    await progress.getByText(`Expected delivery by ${formatIndianDay(addBusinessDays(todayInIndia(), 9))}`).waitFor();
    expect(await progress.locator('[aria-current="step"]').textContent()).toContain('Paid');

    // On a phone the Orders page keeps to the screen (the table scrolls in its own box) and its controls are labelled.
    const phone = await ordersPageFor(placed.order_id, VIEWPORTS.phone);
    await phone.getByRole('region', { name: 'Fulfilment of selected orders' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone, 'fulfilment-orders-page', VIEWPORTS.phone);
    expect(await seriousViolations(phone)).toEqual([]);

    // Processing, from the bulk bar: the operator selects the order and marks the selection.
    const admin = await ordersPageFor(placed.order_id);
    const row = admin.getByRole('row').filter({ hasText: placed.order_id });
    expect(await row.textContent()).toContain('Paid');
    await admin.getByLabel(`Select order ${placed.order_id}`).check();
    await admin.getByRole('button', { name: 'Mark processing (1)' }).click();
    const processing = admin.getByRole('dialog', { name: 'Mark processing: 1 order' });
    await processing.getByRole('button', { name: 'Mark processing' }).click();
    await admin
      .getByRole('status')
      .filter({ hasText: `Order ${placed.order_id} marked processing.` })
      .waitFor();
    await row.getByText('Processing', { exact: true }).waitFor();

    // Shipped, from the order's own button: a mistake is named at its field before anything is sent.
    await row.getByRole('button', { name: `Mark shipped: order ${placed.order_id}` }).click();
    const shipping = admin.getByRole('dialog', { name: 'Mark shipped: 1 order' });
    await shipping.getByLabel('Courier').fill('Blue Dart');
    await shipping.getByLabel('AWB number').fill('1234');
    await shipping.getByLabel('Tracking link').fill(TRACKING);
    await shipping.getByRole('button', { name: 'Mark shipped' }).click();
    await shipping.getByText('AWB number must be 8 to 20 letters and digits, like 12345678901').waitFor();
    await shipping.getByLabel('AWB number').fill('12345678901');
    await screenshot(admin, 'fulfilment-ship-dialog', VIEWPORTS.desktop);
    expect(await seriousViolations(admin)).toEqual([]);
    await shipping.getByRole('button', { name: 'Mark shipped' }).click();
    await row.getByText('Blue Dart · AWB 12345678901').waitFor();

    // Delivered today (the dialog starts at today, dd/mm/yyyy).
    await row.getByRole('button', { name: `Mark delivered: order ${placed.order_id}` }).click();
    const delivering = admin.getByRole('dialog', { name: 'Mark delivered: 1 order' });
    expect(await delivering.getByLabel('Delivery date').inputValue()).toBe(formatIndianDay(todayInIndia()));
    await delivering.getByRole('button', { name: 'Mark delivered' }).click();
    await row.getByText(`on ${formatIndianDay(todayInIndia())}`).waitFor();
    await screenshot(admin, 'fulfilment-orders-page', VIEWPORTS.desktop);
    expect(await seriousViolations(admin)).toEqual([]);

    // The member's order page and history: every step done, with its day, on a phone and on a laptop.
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { page, pageErrors } = await browser.open(`/order?order_id=${placed.order_id}`, { session: member.session, viewport });
      const timeline = page.getByRole('region', { name: 'Delivery progress' });
      await timeline.getByText(`Delivered on ${formatIndianDay(todayInIndia())}`).waitFor();
      const text = await timeline.textContent();
      for (const word of ['Paid, done', 'Processing, done', 'Shipped, done', 'Delivered, done', 'Blue Dart', '12345678901'])
        expect(text).toContain(word);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'fulfilment-order-page', viewport);
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    }
    const { page: history } = await browser.open('/profile?section=orders', { session: member.session });
    const card = history.getByRole('listitem', { name: `Order ${placed.order_id}` });
    await card.getByText(`Delivered on ${formatIndianDay(todayInIndia())}`).waitFor();
    // Its badge is its stage in the tracker's words (decision 0075).
    await card.getByText('Delivered', { exact: true }).first().waitFor();

    // Mailed and texted when it shipped and when it was delivered (sent in the background, a moment after each step).
    const subjects = async () =>
      (await outbox<{ recipient: string; subject: string }>('/dev/mailbox'))
        .filter((mail) => mail.recipient === member.email)
        .map((mail) => mail.subject);
    await expect
      .poll(subjects, { timeout: 15_000 })
      .toEqual(expect.arrayContaining([`Your order ${placed.order_id} has shipped`, `Your order ${placed.order_id} was delivered`]));
    const texts = async () =>
      (await outbox<{ recipient: string; body_text: string }>('/dev/sms'))
        .filter((text) => text.recipient === `+91${mobile}`)
        .map((text) => text.body_text);
    await expect
      .poll(texts, { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining(`your order ${placed.order_id} has shipped with Blue Dart, AWB 12345678901. Track: ${TRACKING}`),
          expect.stringContaining(`your order ${placed.order_id} was delivered on ${formatIndianDay(todayInIndia())}`),
        ]),
      );
  });
});
