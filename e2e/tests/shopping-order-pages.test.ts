import { describe, expect, it } from 'vitest';
import { createProduct, placeUnpaidOrder } from '../src/admin.js';
import { useBrowser } from '../src/browser.js';
import { completeProfile, signUp, subscriber } from '../src/members.js';

const browser = useBrowser();

describe('the Orders section and the board around it', () => {
  it('pages ten orders at a time, and a new filter starts again from page 1', async () => {
    const product = await createProduct({ name: `Heron${Date.now().toString(36)} Board Game`, stock: 20 });
    const member = await subscriber();
    const placed: string[] = [];
    for (let i = 0; i < 11; i++) placed.push((await placeUnpaidOrder(member.token, product.id)).order_id);

    const { page } = await browser.open('/profile?section=orders', { session: member.session });
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.getByRole('listitem', { name: /^Order ORD-/ }).count()).toBe(10);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    // Newest first: the first order placed is the one on page 2.
    await page.getByRole('listitem', { name: `Order ${placed[0]}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Pending', exact: true }).click();
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Failed', exact: true }).click();
    await page.getByRole('heading', { name: 'No Orders Found' }).waitFor();
  });

  it('offers a member without a membership the subscription instead of deals', async () => {
    const member = await signUp();
    await completeProfile(member);
    const { page } = await browser.open('/profile', { session: member.session });
    const subscribe = page.getByRole('link', { name: 'SUBSCRIBE NOW' });
    await subscribe.waitFor();
    expect(await page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0);
    await subscribe.click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'subscription');
  });
});
