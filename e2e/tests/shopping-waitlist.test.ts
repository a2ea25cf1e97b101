import { COPY } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { cancelReservation, createProduct, placeUnpaidOrder, waitForBoard } from '../src/admin.js';
import { screenshot } from '../src/artifacts.js';
import { useBrowser, VIEWPORTS } from '../src/browser.js';
import { fitsAndReads } from '../src/fits-and-reads.js';
import { subscriber } from '../src/members.js';

const browser = useBrowser();

// Issue 33 item 3: a sold-out card says honestly that its unit is reserved, offers the waitlist, and a unit that
// comes back becomes the waiting member's reservation, on their orders with Pay now.
describe('a sold-out product with a waitlist', () => {
  it('joins the waitlist from the card, shows the place, and hands over a cancelled unit as a reservation', async () => {
    const product = await createProduct({ name: `Wren${Date.now().toString(36)} Steel Bottle`, stock: 1 });
    const holder = await subscriber();
    const { order_id: heldOrder } = await placeUnpaidOrder(holder.token, product.id);
    const member = await subscriber({ profile: { needList: [product.name, 'Yoga mat', 'Desk lamp'] } });
    await waitForBoard(member.token, [product.id]);
    const { page, pageErrors } = await browser.open('/profile', { session: member.session, viewport: VIEWPORTS.phone });

    const card = page.getByRole('listitem', { name: product.name });
    await card.getByText(COPY.waitlist.reservedAndLeft(1, 0)).waitFor();
    expect(await card.getByRole('button', { name: 'Out of Stock' }).isDisabled()).toBe(true);
    await fitsAndReads(page);
    await card.getByRole('button', { name: `${COPY.waitlist.join}: ${product.name}` }).click();

    const dialog = page.getByRole('dialog', { name: COPY.waitlist.joinTitle });
    await page.waitForFunction(() => (document.querySelector('dialog[open] select') as HTMLSelectElement | null)?.value === 'Goa');
    await fitsAndReads(page);
    await dialog.getByRole('button', { name: COPY.waitlist.join }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: COPY.waitlist.joined(1) })
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await card.getByText(COPY.waitlist.place(1)).waitFor();
    await screenshot(page, 'shopping-waitlist-card', VIEWPORTS.phone);
    await fitsAndReads(page);

    // The holder gives the unit up: it is the member's reservation at once, with the time to pay.
    await cancelReservation(holder.token, heldOrder);
    await page.goto(new URL('/profile?section=orders', page.url()).toString());
    const reserved = page.getByRole('region', { name: COPY.orderPage.reservedFor });
    await reserved.waitFor();
    expect(await reserved.textContent()).toMatch(/1[45]:\d\d left to pay/);
    await reserved.getByRole('button', { name: COPY.orderPage.payNow }).waitFor();
    await fitsAndReads(page);
    await screenshot(page, 'shopping-waitlist-reserved', VIEWPORTS.phone);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
