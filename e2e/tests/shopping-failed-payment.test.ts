import { describe, expect, it } from 'vitest';
import { createProduct, waitForBoard } from '../src/admin.js';
import { screenshot } from '../src/artifacts.js';
import { expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { subscriber } from '../src/members.js';

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
