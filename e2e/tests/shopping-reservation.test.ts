import { COPY } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/artifacts.js';
import { expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { fitsAndReads } from '../src/fits-and-reads.js';
import { checkoutFromBoard } from '../src/shopping.js';

const browser = useBrowser();

// Issue 33: Buy Now reserves the unit and opens checkout; a member who leaves checkout finds the reservation in
// their history and on the order page with the time left to pay, goes back with Pay now, or gives it up with Cancel.
describe('a reservation left at checkout', () => {
  it('offers Pay now and Cancel with the time left, and Cancel puts the unit back on sale at once', async () => {
    const { page, pageErrors, productName } = await checkoutFromBoard(browser, `Tern${Date.now().toString(36)} Cast-iron Tawa`, 1);
    const checkout = new URL(page.url()).pathname;

    // The member leaves the payment page for their orders: the reservation is there, with the time left to pay.
    await page.goto(new URL('/profile?section=orders', page.url()).toString());
    const reserved = page.getByRole('region', { name: COPY.orderPage.reservedFor });
    await reserved.waitFor();
    expect(await reserved.textContent()).toMatch(/1[45]:\d\d left to pay/);
    await screenshot(page, 'shopping-reservation-history', VIEWPORTS.phone);
    await fitsAndReads(page);

    // Pay now goes back to the same checkout.
    await reserved.getByRole('button', { name: COPY.orderPage.payNow }).click();
    await page.waitForURL(/\/pay\/simulator\/sessions\//);
    expect(new URL(page.url()).pathname).toBe(checkout);

    // Left again, this time for the order page, where Cancel gives the unit back.
    await page.goto(new URL('/order', page.url()).toString());
    await expectHeading(page, 'Order Status');
    const onPage = page.getByRole('region', { name: COPY.orderPage.reservedFor });
    await onPage.waitFor();
    await fitsAndReads(page);
    await screenshot(page, 'shopping-reservation-order-page', VIEWPORTS.phone);
    await onPage.getByRole('button', { name: COPY.orderPage.cancel }).click();
    await page.getByRole('heading', { name: 'Order Failed' }).waitFor();
    await page.getByRole('alert').filter({ hasText: COPY.orderPage.cancelledByMember }).waitFor();

    await page.getByRole('link', { name: 'Try Ordering Again' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('listitem', { name: productName }).getByText('Only 1 left!').waitFor();
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
