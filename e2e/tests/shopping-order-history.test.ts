import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { createProduct, placeUnpaidOrder, waitForBoard } from '../src/admin.js';
import { useBrowser, VIEWPORTS } from '../src/browser.js';
import { subscriber } from '../src/members.js';

const browser = useBrowser();

describe('an order still being paid', () => {
  it('checks the latest status, opens the order in a new tab and confirms it once paid', async () => {
    const product = await createProduct({ name: `Pelican${Date.now().toString(36)} Yoga Mat` });
    const member = await subscriber({ profile: { needList: [product.name, 'Headphones', 'Cooker'] } });
    await waitForBoard(member.token, [product.id]);
    const placed = await placeUnpaidOrder(member.token, product.id);

    const { page } = await browser.open('/profile?section=orders', { session: member.session, viewport: VIEWPORTS.phone });
    const card = page.getByRole('listitem', { name: `Order ${placed.order_id}` });
    await card.waitFor();
    expect(await card.textContent()).toContain('Pending');
    await card.getByRole('button', { name: 'Check Latest Status' }).click();
    await card.getByRole('status').filter({ hasText: 'Status updated: PENDING' }).waitFor();
    // The message goes after 3 seconds.
    await card.getByRole('status').waitFor({ state: 'detached', timeout: 6000 });
    expect(await seriousViolations(page)).toEqual([]);

    const [tab] = await Promise.all([page.context().waitForEvent('page'), card.getByRole('button', { name: 'View Details' }).click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).searchParams.get('order_id')).toBe(placed.order_id);
    await tab.getByRole('heading', { name: 'Order Processing' }).waitFor();
    expect(await tab.locator('main').textContent()).toContain(placed.order_id);
    expect(await tab.evaluate(() => [sessionStorage.getItem('current_order_id'), sessionStorage.getItem('order_type')])).toEqual([
      placed.order_id,
      'product',
    ]);

    // Paid meanwhile on the simulator's page; Check Latest Status asks the gateway and shows the confirmation.
    const paid = await fetch(placed.payment_link, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(placed.payment_link).origin },
      body: new URLSearchParams({ outcome: 'success', method: 'card' }),
    });
    expect(paid.status).toBe(303);
    await tab.getByRole('button', { name: 'Check Latest Status' }).click();
    await tab.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    expect(await tab.locator('main').textContent()).toContain('CARD');
    // The stored order is forgotten 5 seconds after a success.
    await tab.waitForFunction(() => sessionStorage.getItem('current_order_id') === null, undefined, { timeout: 8000 });
  });

  it("says 'Session expired. Please login again.' when the session is no longer valid", async () => {
    const { page } = await browser.open('/profile?section=orders', {
      session: { token: 'a-session-that-has-ended', email: 'gone@example.in', name: 'Gone' },
    });
    await page.getByRole('alert').filter({ hasText: 'Session expired. Please login again.' }).waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
  });
});
