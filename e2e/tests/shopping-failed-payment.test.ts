import { COPY } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { adminSignIn, createProduct, waitForBoard } from '../src/admin.js';
import { screenshot } from '../src/artifacts.js';
import { baseURL, expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { fitsAndReads } from '../src/fits-and-reads.js';
import { subscriber } from '../src/members.js';
import { checkoutFromBoard } from '../src/shopping.js';

const browser = useBrowser();

// A payment that fails leaves a failed order, tells the member so, gives the unit back and shows under Failed.
describe('a failed payment', () => {
  it("shows 'Order Failed', lists the order under Failed and puts the unit back on sale", async () => {
    const product = await createProduct({ name: `Quokka${Date.now().toString(36)} Steel Bottle`, stock: 2 });
    const member = await subscriber({ profile: { needList: [product.name, 'Yoga mat', 'Desk lamp'] } });
    await waitForBoard(member.token, [product.id]);

    // On a phone: the board, the modal and the order page at the narrow layout.
    const { page } = await browser.open('/profile', { session: member.session, viewport: VIEWPORTS.phone });
    const card = page.getByRole('listitem', { name: product.name });
    await card.getByText('Only 2 left!').waitFor();
    await card.getByRole('button', { name: 'Buy Now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Order' });
    const confirmButton = confirm.getByRole('button', { name: 'Confirm Order' });
    // A pincode the courier does not serve disables Confirm Order.
    await confirm.getByLabel('Pincode').fill('999999');
    await confirm.getByText('Not serviceable currently').waitFor();
    await screenshot(page, 'shopping-confirm-not-serviceable', VIEWPORTS.phone);
    expect(await confirmButton.isDisabled()).toBe(true);
    await confirm.getByLabel('Pincode').fill('403001');
    await page.waitForFunction(() => (document.querySelector('dialog[open] select') as HTMLSelectElement | null)?.value === 'Goa');
    // Every delivery detail is needed.
    await confirm.getByLabel('Address').fill('');
    await confirmButton.click();
    await confirm.getByRole('alert').filter({ hasText: 'Please fill in all delivery details' }).waitFor();
    await confirm.getByLabel('Address').fill('7 Fontainhas, Panaji');
    await confirmButton.click();

    await page.waitForURL(/\/pay\/simulator\/sessions\//);
    await page.getByRole('button', { name: 'Make the payment fail' }).click();
    await page.waitForURL((url) => url.pathname === '/order');
    await expectHeading(page, 'Order Status');
    await page.getByRole('heading', { name: 'Order Failed' }).waitFor();
    await screenshot(page, 'shopping-order-failed', VIEWPORTS.phone);
    const failed = await page.locator('main').textContent();
    const orderId = /ORD-[0-9A-F]{12}/.exec(failed ?? '')?.[0];
    expect(orderId).toBeDefined();
    expect(failed).toContain('Failed');
    await page.getByRole('link', { name: 'Go to Home' }).waitFor();

    await page.getByRole('link', { name: 'Try Ordering Again' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    // The failed order released its hold: both units are on sale again.
    await page.getByRole('listitem', { name: product.name }).getByText('Only 2 left!').waitFor();

    await page.goto(new URL('/profile?section=orders', page.url()).toString());
    const order = page.getByRole('listitem', { name: `Order ${orderId}` });
    await order.waitFor();
    expect(await order.textContent()).toContain('Failed');
    await page.getByRole('button', { name: 'Completed', exact: true }).click();
    await page.getByRole('heading', { name: 'No Orders Found' }).waitFor();
    await page.getByRole('button', { name: 'Failed', exact: true }).click();
    await order.waitFor();
    expect(await page.getByRole('button', { name: 'Failed', exact: true }).getAttribute('aria-pressed')).toBe('true');
  });
});

/** The back office's Orders list for one status, as its Status filter asks for it. */
async function adminOrderIds(status: string, searchTerm: string): Promise<string[]> {
  const response = await fetch(`${baseURL()}/admin/product-orders?status=${status}&searchTerm=${searchTerm}`, {
    headers: { authorization: await adminSignIn() },
  });
  return ((await response.json()) as { orders: { orderId: string }[] }).orders.map((order) => order.orderId);
}

// The spec's product order statuses include cancelled: a shopper who calls the payment off at checkout has not
// failed at anything, and is told so; the order is cancelled everywhere it shows, and its unit goes back on sale.
describe('a payment cancelled at checkout', () => {
  it('shows a cancelled order with its own words, at 390 and 1366 px, and puts the unit back on sale', async () => {
    const { page, pageErrors, productName } = await checkoutFromBoard(browser, `Plover${Date.now().toString(36)} Pour-over Kettle`, 1);
    await page.getByRole('button', { name: 'Cancel the payment' }).click();
    await page.waitForURL((url) => url.pathname === '/order');
    await expectHeading(page, 'Order Status');
    // The spec's failed screen (its title covers failed, cancelled or error), with the cancellation's own message
    // and status rather than the payment gateway's failure.
    await page.getByRole('heading', { name: 'Order Failed' }).waitFor();
    await page.getByRole('alert').filter({ hasText: COPY.orderPage.cancelled }).waitFor();
    const shown = await page.locator('main').textContent();
    const orderId = /ORD-[0-9A-F]{12}/.exec(shown ?? '')?.[0];
    expect(orderId).toBeDefined();
    expect(
      await page
        .locator('main dd')
        .filter({ hasText: /^Cancelled$/ })
        .count(),
    ).toBe(1);
    expect(shown).not.toContain('Payment cancelled by the customer');
    await screenshot(page, 'shopping-order-cancelled', VIEWPORTS.phone);
    await fitsAndReads(page, [VIEWPORTS.phone]);
    await fitsAndReads(page, [VIEWPORTS.desktop]);
    await screenshot(page, 'shopping-order-cancelled', VIEWPORTS.desktop);
    await page.setViewportSize(VIEWPORTS.phone);

    await page.getByRole('link', { name: 'Try Ordering Again' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    // The cancelled order released its hold: the one unit is on sale again.
    await page.getByRole('listitem', { name: productName }).getByText('Only 1 left!').waitFor();

    await page.goto(new URL('/profile?section=orders', page.url()).toString());
    const order = page.getByRole('listitem', { name: `Order ${orderId}` });
    await order.waitFor();
    expect(await order.textContent()).toContain('Cancelled');
    // The spec's filters have no Cancelled: a cancelled order did not go through, so it is under Failed.
    await page.getByRole('button', { name: 'Failed', exact: true }).click();
    await order.waitFor();
    await page.getByRole('button', { name: 'Pending', exact: true }).click();
    await page.getByRole('heading', { name: 'No Orders Found' }).waitFor();
    await fitsAndReads(page, [VIEWPORTS.phone]);
    expect(pageErrors).toEqual([]);

    // The back office's Status filter finds it under cancelled, not failed.
    await expect.poll(() => adminOrderIds('cancelled', orderId as string), { timeout: 15_000 }).toEqual([orderId]);
    expect(await adminOrderIds('failed', orderId as string)).toEqual([]);
    await page.close();
  });
});
