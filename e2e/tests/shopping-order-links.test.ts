import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProduct, placeUnpaidOrder } from '../src/admin.js';
import { baseURL, expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { signInThroughPopup } from '../src/dev-sign-in.js';
import { fitsAndReads } from '../src/fits-and-reads.js';
import { subscriber, type TestMember } from '../src/members.js';

// An order opened from its link (the confirmation mail's, a new tab's): the address says which order, and the page
// must show that order, whatever kind it is and whatever the tab's session still remembers.
const browser = useBrowser();

const ORDER_KEYS = ['token', 'email', 'name', 'current_order_id', 'order_type'] as const;

/** What a person does on the simulator's checkout page for this order, through its form. */
async function settlePayment(paymentLink: string, outcome: 'success' | 'failure'): Promise<void> {
  const answer = await fetch(paymentLink, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(paymentLink).origin },
    body: new URLSearchParams({ outcome, method: 'upi' }),
  });
  if (answer.status !== 303) throw new Error(`the simulator's checkout page answered ${answer.status}: ${await answer.text()}`);
}

/** The order as its owner's API reads it. */
async function orderOf(member: TestMember, orderId: string): Promise<any> {
  const response = await fetch(`${baseURL()}/product/order/${orderId}`, { headers: { authorization: `Bearer ${member.token}` } });
  return ((await response.json()) as { data: any }).data;
}

/** An order of the member's that has been paid (`success`) or whose payment failed, once orders has heard so. */
async function settledOrder(member: TestMember, productId: string, outcome: 'success' | 'failure'): Promise<string> {
  const placed = await placeUnpaidOrder(member.token, productId);
  await settlePayment(placed.payment_link, outcome);
  const want = outcome === 'success' ? 'completed' : 'failed';
  await expect.poll(async () => (await orderOf(member, placed.order_id)).status, { timeout: 15_000 }).toBe(want);
  return placed.order_id;
}

/** Notes each membership (mandate) lookup the tab makes, and lets it through. */
const countMandateLookups = (tab: Page, seen: string[]) =>
  tab.route('**/subscription/mandate-status/**', (route) => {
    seen.push(route.request().url());
    return route.continue();
  });

const keysOf = (page: Page) =>
  page.evaluate((keys) => Object.fromEntries(keys.map((key) => [key, sessionStorage.getItem(key)])), [...ORDER_KEYS]);

describe('an order opened from its link', () => {
  it('asks a visitor to log in, comes back to the same order, and shows a paid product order as Order Confirmed!', async () => {
    const product = await createProduct({ name: `Egret${Date.now().toString(36)} Desk Lamp` });
    const member = await subscriber();
    const orderId = await settledOrder(member, product.id, 'success');
    const mandateLookups: string[] = [];

    // A fresh tab, as the confirmation mail's link opens: nothing in its session storage.
    const { page, pageErrors } = await browser.open(`/order?order_id=${orderId}`, {
      viewport: VIEWPORTS.phone,
      prepare: (tab) => countMandateLookups(tab, mandateLookups),
    });
    await expectHeading(page, 'Order Status');
    await page.getByRole('heading', { name: 'Please login to check order status' }).waitFor();
    expect(await page.locator('main').textContent()).toContain(orderId);
    expect(await page.getByText('Payment Failed').count()).toBe(0);
    await fitsAndReads(page, [VIEWPORTS.phone]);
    await fitsAndReads(page, [VIEWPORTS.desktop]);

    await signInThroughPopup(page, () => page.getByRole('button', { name: 'Login', exact: true }).click(), member);
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    // Back on the very address it was opened at, not sent to the account page.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/order?order_id=${orderId}`);
    const shown = await page.locator('main').textContent();
    expect(shown).toContain(orderId);
    expect(shown).toContain(product.name);
    await fitsAndReads(page, [VIEWPORTS.desktop]);
    await fitsAndReads(page, [VIEWPORTS.phone]);
    // A product order's id is never asked of the membership lookup.
    expect(mandateLookups).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('shows its owner, signed in, the paid order at once, whatever order type the session defaults to', async () => {
    const product = await createProduct({ name: `Ibex${Date.now().toString(36)} Water Bottle` });
    const member = await subscriber();
    const orderId = await settledOrder(member, product.id, 'success');
    const mandateLookups: string[] = [];
    const { page } = await browser.open(`/order?order_id=${orderId}`, {
      // A session left with a membership's type: the id, not the session, says what kind of order this is.
      session: { ...member.session, order_type: 'subscription' },
      prepare: (tab) => countMandateLookups(tab, mandateLookups),
    });
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    expect(await page.locator('main').textContent()).toContain(orderId);
    expect(await page.getByText('Payment Failed').count()).toBe(0);
    expect(mandateLookups).toEqual([]);
    await page.close();
  });

  it('shows the order in the address after a failed order, logout and login; logout forgets every key the shop set', async () => {
    const product = await createProduct({ name: `Kestrel${Date.now().toString(36)} Thermos`, stock: 5 });
    const member = await subscriber();
    const failed = await settledOrder(member, product.id, 'failure');
    const paid = await settledOrder(member, product.id, 'success');

    // The tab as a failed checkout leaves it: signed in, and paying for the failed order.
    const { page } = await browser.open('/about');
    await page.evaluate(
      ({ session, orderId }) => {
        for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, value);
        sessionStorage.setItem('current_order_id', orderId);
        sessionStorage.setItem('order_type', 'product');
      },
      { session: member.session, orderId: failed },
    );
    await page.goto(`${baseURL()}/order?order_id=${failed}`);
    await page.getByRole('heading', { name: 'Order Failed' }).waitFor();

    await page.goto(`${baseURL()}/profile`);
    await expectHeading(page, 'Dealsboard');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await keysOf(page)).toEqual({ token: null, email: null, name: null, current_order_id: null, order_type: null });

    await signInThroughPopup(page, () => page.getByRole('button', { name: 'Already a member? login' }).click(), member);
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.goto(`${baseURL()}/order?order_id=${paid}`);
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    const shown = await page.locator('main').textContent();
    expect(shown).toContain(paid);
    expect(shown).not.toContain(failed);

    // The address wins even while the session still names another order; after a success both keys go within 5 s.
    await page.evaluate((orderId) => {
      sessionStorage.setItem('current_order_id', orderId);
      sessionStorage.setItem('order_type', 'product');
    }, failed);
    await page.goto(`${baseURL()}/order?order_id=${paid}`);
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    expect(await page.locator('main').textContent()).not.toContain(failed);
    await page.waitForFunction(
      () => sessionStorage.getItem('current_order_id') === null && sessionStorage.getItem('order_type') === null,
      undefined,
      { timeout: 8000 },
    );
    await page.close();
  });
});

describe('an order whose payment is not completed', () => {
  it('says how long the payment stays open, as the server set it, and that it fails by itself', async () => {
    const product = await createProduct({ name: `Lark${Date.now().toString(36)} Cotton Towel` });
    const member = await subscriber();
    const placed = await placeUnpaidOrder(member.token, product.id);
    // As the checkout leaves the tab when the member comes back from the payment page without paying.
    const { page } = await browser.open(`/order?order_id=${placed.order_id}`, {
      session: { ...member.session, current_order_id: placed.order_id, order_type: 'product' },
      viewport: VIEWPORTS.phone,
    });
    await page.getByRole('heading', { name: 'Order Processing' }).waitFor();

    const answer = await orderOf(member, placed.order_id);
    // The product runs with the default PAYMENT_TIMEOUT_SECONDS (900).
    expect(answer.payment_timeout_seconds).toBe(900);
    const until = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(answer.pay_until))
      .replace(',', '');
    // A reservation (issue 33): the order fails by itself when its time to pay ends, whatever the payment's timeout.
    await page
      .getByText(`Your payment is not complete yet. It stays open until ${until} and fails by itself if it is not completed by then.`)
      .waitFor();
    expect(await page.getByText(/few seconds/).count()).toBe(0);
    await fitsAndReads(page, [VIEWPORTS.phone]);
    await fitsAndReads(page, [VIEWPORTS.desktop]);
    await page.close();
  });
});
