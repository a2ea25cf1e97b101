import { formatRupees, paiseOf, todayInIndia } from '@elts/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { createProduct, fulfilmentStep, payOrder, placeUnpaidOrder } from '../src/admin.js';
import { useBrowser, VIEWPORTS } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { subscriber } from '../src/members.js';

// Issue 34, item 8: the order page's "What's Next" follows the order (processing, shipped, delivered), and a failed
// order's page names the product and the amount.
const browser = useBrowser();

async function whatsNext(page: Page): Promise<string[]> {
  await page.getByRole('heading', { name: "What's Next" }).waitFor();
  return page.getByRole('heading', { name: "What's Next" }).locator('xpath=following-sibling::ul[1]/li').allTextContents();
}

describe("the order page's What's Next", () => {
  it('says what happens next at each step, with the order’s own courier and days', async () => {
    const product = await createProduct({ stock: 3 });
    const member = await subscriber();
    const placed = await placeUnpaidOrder(member.token, product.id);
    await payOrder(placed.payment_link);
    const open = async () => {
      const { page } = await browser.open(`/order?order_id=${placed.order_id}`, { session: member.session, viewport: VIEWPORTS.phone });
      await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
      return page;
    };
    let page = await open();
    expect(await whatsNext(page)).toEqual([
      'You will receive an order confirmation by email.',
      'Your order will be processed within 1-2 business days.',
      'Shipping updates will be sent to your registered mobile number.',
    ]);
    await page.close();

    await fulfilmentStep(placed.order_id, { step: 'processing' });
    await fulfilmentStep(placed.order_id, {
      step: 'shipped',
      courier: 'Delhivery',
      awb_number: '98765432101',
      tracking_url: 'https://www.delhivery.com/track/package/98765432101',
    });
    page = await open();
    const shipped = await whatsNext(page);
    expect(shipped[0]).toBe('Your order is on its way with Delhivery.');
    expect(shipped[1]).toMatch(/^Expect it by \d{2}\/\d{2}\/\d{4}\.$/);
    await page.close();

    await fulfilmentStep(placed.order_id, { step: 'delivered', delivered_on: todayInIndia() });
    page = await open();
    const delivered = await whatsNext(page);
    expect(delivered[0]).toMatch(/^Your order was delivered on \d{2}\/\d{2}\/\d{4}\. We hope you enjoy it\.$/);
    expect(delivered[1]).toMatch(/^Something wrong with it\? Ask for an exchange above, by \d{2}\/\d{2}\/\d{4}\.$/);
    expect(await widerThanWindow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('names the product and the amount of a failed order', async () => {
    const product = await createProduct({ stock: 3, price: 1349.1 });
    const member = await subscriber();
    const placed = await placeUnpaidOrder(member.token, product.id);
    const failed = await fetch(placed.payment_link, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(placed.payment_link).origin },
      body: new URLSearchParams({ outcome: 'failure' }),
    });
    expect(failed.status).toBe(303);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { page } = await browser.open(`/order?order_id=${placed.order_id}`, { session: member.session, viewport });
      await page.getByRole('heading', { name: 'Order Failed' }).waitFor();
      await page.getByText(product.name, { exact: true }).waitFor();
      // The order's amount: the price less any membership credit it was to use.
      await page.getByText(/^₹[\d,]+\.\d{2}$/).waitFor();
      const shown = await page.getByText(/^₹[\d,]+\.\d{2}$/).textContent();
      expect(paiseOf((shown ?? '').replace(/[₹,]/g, ''))).toBeLessThanOrEqual(paiseOf(product.price));
      expect(shown).not.toBe(formatRupees(0));
      expect(await widerThanWindow(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    }
  });
});
