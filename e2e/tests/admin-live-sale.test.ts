import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { adminSignIn, createProduct, joinWaitlist, placeUnpaidOrder } from '../src/admin.js';
import { useBrowser, VIEWPORTS } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { subscriber } from '../src/members.js';

const browser = useBrowser();

// Issue 33 item 5: operators watch the sale in progress, per product, from the stock ledger, read every 5 seconds.
describe("the operators' live view of a sale", () => {
  it('shows each product on sale with units left, reserved, sold, released and waiting, at 390 and 1366 px', async () => {
    const product = await createProduct({ name: `Heron${Date.now().toString(36)} Steel Tiffin`, stock: 1 });
    const member = await subscriber({ profile: { needList: [product.name, 'Yoga mat', 'Desk lamp'] } });
    const { page, pageErrors } = await browser.open('/admin/products?tab=drops', {
      session: { adminToken: await adminSignIn() },
      viewport: VIEWPORTS.desktop,
    });
    const live = page.getByRole('region', { name: 'On sale now' });
    const row = live.getByRole('row', { name: new RegExp(product.name) });
    await row.waitFor();
    // Each cell also carries its column's name for the narrow layout: the figures are what follows it.
    const figures = async () => (await row.getByRole('cell').allTextContents()).slice(1, 6).map((text) => text.replace(/^\D+/, ''));
    expect(await figures()).toEqual(['1', '0', '0', '0', '0']);
    // A member reserves the unit, another joins its waitlist: within the next reading, one reserved, one waiting.
    await placeUnpaidOrder(member.token, product.id);
    await joinWaitlist((await subscriber()).token, product.id);
    await expect.poll(figures, { timeout: 15_000 }).toEqual(['0', '1', '0', '0', '1']);
    // The waiting rooms are read beside the stock: this stack's next drop is days away, so none is open yet (their
    // sizes are proven by services/orders/test/waiting-room.test.ts).
    await expect.poll(() => live.getByRole('list', { name: 'Waiting rooms' }).textContent()).toBe("No drop's waiting room is open.");
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      await page.setViewportSize(viewport);
      expect(await widerThanWindow(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    }
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
