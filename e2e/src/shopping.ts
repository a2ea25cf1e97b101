import { createProduct, waitForBoard } from './admin.js';
import { type OpenedPage, type useBrowser, VIEWPORTS } from './browser.js';
import { subscriber } from './members.js';

/**
 * A member on a phone buys a new product of `stock` units from their deals board: Buy Now, Confirm Order with the
 * prefilled details, and on to the checkout page (the unit reserved, its checkout opened).
 */
export async function checkoutFromBoard(
  browser: ReturnType<typeof useBrowser>,
  name: string,
  stock: number,
): Promise<OpenedPage & { productName: string }> {
  const product = await createProduct({ name, stock });
  const member = await subscriber({ profile: { needList: [product.name, 'Yoga mat', 'Desk lamp'] } });
  await waitForBoard(member.token, [product.id]);
  const opened = await browser.open('/profile', { session: member.session, viewport: VIEWPORTS.phone });
  const { page } = opened;
  const card = page.getByRole('listitem', { name: product.name });
  await card.getByText(`Only ${stock} left!`).waitFor();
  await card.getByRole('button', { name: 'Buy Now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Your Order' });
  await page.waitForFunction(() => (document.querySelector('dialog[open] select') as HTMLSelectElement | null)?.value === 'Goa');
  await confirm.getByRole('button', { name: 'Confirm Order' }).click();
  await page.waitForURL(/\/pay\/simulator\/sessions\//);
  return { ...opened, productName: product.name };
}
