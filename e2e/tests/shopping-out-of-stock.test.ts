import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { adminSession, createProduct, placeUnpaidOrder } from '../src/admin.js';
import { screenshot } from '../src/artifacts.js';
import { baseURL, useBrowser, VIEWPORTS } from '../src/browser.js';
import { subscriber } from '../src/members.js';

const browser = useBrowser();

/** The mail the product would have sent, as a tester reads it on this machine (/dev/mailbox). */
async function mailbox(): Promise<{ recipient: string; subject: string; body_text: string }[]> {
  const answer = await fetch(`${baseURL()}/dev/mailbox`, { headers: { accept: 'application/json' } });
  return ((await answer.json()) as { data: { recipient: string; subject: string; body_text: string }[] }).data;
}

async function adminPage(path: string, search: string): Promise<Page> {
  const { page } = await browser.open(path, { session: await adminSession(), viewport: VIEWPORTS.desktop });
  await page.getByLabel('Search').fill(search);
  return page;
}

// Issue 20's out-of-stock refund end to end (docs/decisions/0024): a member pays; an operator cancels the order as out
// of stock on the Orders page; the member follows the link in the mail to the order's page and picks a fund transfer;
// the admin Payments page shows the Refund payment of that order.
describe('an order cancelled as out of stock', () => {
  it('is refunded to the source the member chose on the page from the mail, and shows as a Refund payment', async () => {
    const product = await createProduct({ stock: 2 });
    const member = await subscriber();
    const placed = await placeUnpaidOrder(member.token, product.id);
    const { page: checkout } = await browser.open(new URL(placed.payment_link).pathname, { session: member.session });
    await checkout.getByRole('button', { name: /^Pay / }).click();
    await checkout.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();

    // The operator cancels it from the order's row, after a confirmation.
    const orders = await adminPage('/admin/orders', placed.order_id);
    const row = orders.getByRole('row').filter({ hasText: placed.order_id });
    await row.getByRole('button', { name: `Cancel as out of stock: order ${placed.order_id}` }).click();
    const dialog = orders.getByRole('dialog', { name: `Cancel order ${placed.order_id} as out of stock` });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await orders
      .getByRole('status')
      .filter({ hasText: `Order ${placed.order_id} cancelled as out of stock.` })
      .waitFor();
    await row.getByText('Awaiting member').waitFor();
    expect(await seriousViolations(orders)).toEqual([]);

    // The member's mail links to the order's page.
    type Mail = Awaited<ReturnType<typeof mailbox>>[number];
    let mail: Mail | undefined;
    await expect
      .poll(
        async () => {
          mail = (await mailbox()).find((each) => each.recipient === member.email && each.subject.includes(placed.order_id));
          return mail !== undefined;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe(`Your order ${placed.order_id} is out of stock: choose your refund`);
    const link = mail.body_text.match(/https?:\/\/\S+\/order\?order_id=\S+/)?.[0];
    expect(link).toBeDefined();

    const { page, pageErrors } = await browser.open(new URL(link!).pathname + new URL(link!).search, { session: member.session });
    await page.getByRole('heading', { name: 'Order Cancelled: Out of Stock' }).waitFor();
    await screenshot(page, 'out-of-stock-choice', VIEWPORTS.desktop);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Fund transfer' }).click();
    await page.getByRole('status').filter({ hasText: 'Your refund will be sent to your original payment method.' }).waitFor();
    await page.getByText(/^Fund transfer: /).waitFor();
    expect(pageErrors).toEqual([]);

    // The back office: the order shows its refund, and Payments lists the Refund payment of that order.
    const refreshed = await adminPage('/admin/orders', placed.order_id);
    await refreshed
      .getByRole('list', { name: `Refunds of order ${placed.order_id}` })
      .getByText('Refunded', { exact: true })
      .waitFor();
    const payments = await adminPage('/admin/payments', placed.order_id);
    await payments.getByLabel('Payment Type').selectOption({ label: 'Refund' });
    // Filtered to refunds, the order's own payment leaves the list and its refund stays.
    const rows = payments.getByRole('row').filter({ hasText: placed.order_id });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await rows.getByText('Refund', { exact: true }).waitFor();
    expect(await rows.textContent()).toMatch(/RF-[0-9A-F]{24}/);
    await screenshot(payments, 'out-of-stock-refund-payment', VIEWPORTS.desktop);
  });
});
