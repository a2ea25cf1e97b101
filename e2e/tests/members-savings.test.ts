import { indianDate } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { adminCall, createProduct, payOrder, placeUnpaidOrder, waitForBoard } from '../src/admin.js';
import { screenshot } from '../src/artifacts.js';
import { baseURL, expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { fitsAndReads } from '../src/fits-and-reads.js';
import { subscriber } from '../src/members.js';

// A member's savings against retail (issue 39 items 2 and 3, decision 0156): the board shows a discount only beside a
// retail price recorded with its date; /profile sums the year's paid orders against it, with the fee and how many
// times it has paid for itself; each paid order says its own saving, and one without a recorded retail price none.
const browser = useBrowser();
const WAIT = { timeout: 15_000 };

interface SavingsAnswer {
  data: { year: { orders_counted: number; orders_without_retail: number } | null };
}

describe("a member's savings", () => {
  it('shows the dated retail price and discount on the board, the year saved on /profile, and each order its saving', async () => {
    // ₹1,499 against a retail price of ₹4,999; and ₹999 with no retail price recorded.
    const dated = await createProduct({ price: 1499, amazonPrice: 4999 });
    const undated = await createProduct({ price: 999, amazonPrice: null, name: `Kestrel${Date.now().toString(36)} Steel Flask` });
    const recordedOn = indianDate(new Date());
    const member = await subscriber({ profile: { needList: [dated.name, undated.name, 'Pressure cooker'] } });
    await waitForBoard(member.token, [dated.id, undated.id]);

    const { page } = await browser.open('/profile', { session: member.session });
    const datedCard = page.getByRole('listitem', { name: dated.name });
    await datedCard.waitFor();
    const datedText = await datedCard.textContent();
    expect(datedText).toContain('70% off');
    expect(datedText).toContain('₹4,999.00');
    expect(datedText).toContain(`Retail price as recorded on ${recordedOn}`);
    const undatedText = await page.getByRole('listitem', { name: undated.name }).textContent();
    expect(undatedText).not.toContain('% off');
    expect(undatedText).not.toContain('Retail price');

    // Both bought and paid: ₹1,349.10 and ₹899.10 after the 10% of membership credit each may take.
    const orders = [];
    for (const product of [dated, undated]) {
      const placed = await placeUnpaidOrder(member.token, product.id);
      await payOrder(placed.payment_link);
      orders.push(placed.order_id);
    }
    await expect
      .poll(async () => (await adminCall<SavingsAnswer>('/subscription/savings', { token: member.token })).data.year, WAIT)
      .toMatchObject({ orders_counted: 1, orders_without_retail: 1 });
    for (const orderId of orders) {
      const status = async () =>
        (await adminCall<{ data: { status: string } }>(`/product/order/${orderId}`, { token: member.token })).data.status;
      await expect.poll(status, WAIT).toBe('completed');
    }

    await page.goto(`${baseURL()}/profile?section=subscription`);
    await expectHeading(page, 'Subscription');
    const savings = page.getByRole('region', { name: 'MEMBERSHIP SAVINGS' });
    await savings.waitFor(WAIT);
    await savings.getByText('₹3,649.90 saved against retail').waitFor();
    await savings
      .getByText('You paid ₹1,349.10, after ₹149.90 of membership credit, for 1 order whose recorded retail price came to ₹4,999.00.')
      .waitFor();
    await savings.getByText('Your membership fee came to ₹1,178.82: it has paid for itself 3 times.').waitFor();
    await savings.getByText('1 order left out: no retail price was recorded for it.').waitFor();
    // The credit card beside it, as decision 0097 made it.
    await page.getByRole('region', { name: 'MEMBERSHIP CREDIT' }).waitFor();
    await screenshot(page, 'members-savings', VIEWPORTS.desktop);
    await fitsAndReads(page);

    await page.goto(`${baseURL()}/profile?section=orders`);
    await expectHeading(page, 'Orders');
    const datedOrder = page.getByRole('listitem', { name: `Order ${orders[0]}` });
    await datedOrder.getByText(`Retail price ₹4,999.00, as recorded on ${recordedOn}: you saved ₹3,649.90.`).waitFor(WAIT);
    const undatedOrder = page.getByRole('listitem', { name: `Order ${orders[1]}` });
    await undatedOrder.waitFor();
    expect(await undatedOrder.textContent()).not.toContain('Retail price');
    await fitsAndReads(page, [VIEWPORTS.desktop, VIEWPORTS.phone]);
    await screenshot(page, 'members-savings-orders', VIEWPORTS.phone);
    await page.close();
  });

  it("keeps 'Only N left!' to the live stock while the board is open: another member's reservation takes a unit", async () => {
    const product = await createProduct({ stock: 3 });
    const member = await subscriber({ profile: { needList: [product.name, 'Running shoes', 'Pressure cooker'] } });
    await waitForBoard(member.token, [product.id]);
    const { page } = await browser.open('/profile', { session: member.session });
    const card = page.getByRole('listitem', { name: product.name });
    await card.getByText('Only 3 left!').waitFor();

    const other = await subscriber();
    await placeUnpaidOrder(other.token, product.id);
    // No reload: the board is read again (every 15 seconds) and the card follows.
    await card.getByText('Only 2 left!').waitFor({ timeout: 25_000 });
    await page.close();
  });
});
