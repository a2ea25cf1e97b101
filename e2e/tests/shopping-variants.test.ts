import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { createProduct, waitForBoard } from '../src/admin.js';
import { screenshot } from '../src/artifacts.js';
import { useBrowser, VIEWPORTS } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { subscriber } from '../src/members.js';

const browser = useBrowser();

/** Two sizes of one shoe, UK 8 the group's primary, and a member whose Need list asks for them. */
async function shoeInTwoSizes() {
  const tag = randomUUID().slice(0, 6);
  const shoe = {
    brand: 'Nike',
    category: 'Clothing',
    variantGroup: `zephyr-${tag}`,
    images: ['/product/images/sneakers.svg'],
    descriptions: [{ title: 'Highlights', content: 'Foam that springs back on every stride.' }],
  };
  const uk8 = await createProduct({
    ...shoe,
    name: `Zephyr${tag} Trail Shoes (UK 8)`,
    sku: `ZT-${tag}-8`,
    isVariantPrimary: true,
    stock: 4,
  });
  const uk9 = await createProduct({ ...shoe, name: `Zephyr${tag} Trail Shoes (UK 9)`, sku: `ZT-${tag}-9`, price: 1599, stock: 7 });
  const member = await subscriber({ profile: { needList: [`Zephyr${tag} Trail Shoes`, 'Running shoes', 'Pressure cooker'] } });
  await waitForBoard(member.token, [uk8.id]);
  return { uk8, uk9, member };
}

const cardsOf = (page: Page, tag: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: tag }) });

// Sizes of one product are one deal (docs/decisions/0022): one card on the board, a size picker in its details.
describe('a product in several sizes', () => {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    it(`is one card whose details pick the size, heading and purchase following the pick (${viewport.width} px)`, async () => {
      const { uk8, uk9, member } = await shoeInTwoSizes();
      const tag = uk8.name.split(' ')[0] as string;
      const { page, pageErrors } = await browser.open('/profile', { session: member.session, viewport });
      await page.getByRole('listitem', { name: uk8.name }).waitFor();
      expect(await cardsOf(page, tag).count()).toBe(1);

      await page.getByRole('listitem', { name: uk8.name }).getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: uk8.name });
      await details.waitFor();
      const sizes = details.getByRole('group', { name: 'Size' });
      await sizes.waitFor();
      expect(await sizes.getByRole('radio').count()).toBe(2);
      expect(await sizes.getByRole('radio', { name: /^UK 8/ }).isChecked()).toBe(true);
      await screenshot(page, 'shopping-size-picker', viewport);
      expect(await widerThanWindow(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      // Picking UK 9 names UK 9 in the heading, shows its price, and Buy Now buys UK 9.
      await sizes.getByText(/^UK 9/).click();
      const picked = page.getByRole('dialog', { name: uk9.name });
      await picked.waitFor();
      expect(await page.getByRole('dialog', { name: uk8.name }).count()).toBe(0);
      expect(await picked.getByRole('heading', { level: 2 }).first().textContent()).toBe(uk9.name);
      expect(await picked.textContent()).toContain('₹1,599.00');
      expect(await picked.getByRole('group', { name: 'Size' }).getByRole('radio', { name: /^UK 9/ }).isChecked()).toBe(true);
      await picked.getByRole('button', { name: 'Buy Now' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Your Order' });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain(uk9.name);
      expect(await confirm.textContent()).not.toContain(uk8.name);
      const order = page.waitForRequest((request) => new URL(request.url()).pathname === '/product/order' && request.method() === 'POST');
      await confirm.getByRole('button', { name: 'Confirm Order' }).click();
      expect((await order).postDataJSON()).toMatchObject({ product_id: uk9.id });
      expect(pageErrors).toEqual([]);
      await page.close();
    });
  }
});
